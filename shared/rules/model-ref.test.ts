import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { modelRef, renderModelRefs } from './model-ref';

describe('model references in rules texts (issue 16)', () => {
  it('a text names a model by reference; rendering puts in its name, or its id when unknown', () => {
    const names = new Map([
      ['a', 'Grukk'],
      ['b-sarge', 'Sergeant Vox'],
    ]);
    const text = `Model ${modelRef('a')} was taken out of action by ${modelRef('b-sarge')}, a model that is not in ${modelRef('zz')}.`;
    expect(renderModelRefs(text, (id) => names.get(id))).toBe('Model Grukk was taken out of action by Sergeant Vox, a model that is not in zz.');
  });

  it('a one-letter id garbles nothing: only references are rendered, never the letters of the text', () => {
    const text = `A model carries a relic: ${modelRef('a')} and "a" (a).`;
    expect(renderModelRefs(text, (id) => (id === 'a' ? 'Grukk' : undefined))).toBe('A model carries a relic: Grukk and "a" (a).');
  });

  it('property: any id round-trips through a reference, whatever characters it has', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), fc.string({ maxLength: 30 }), (id, around) => {
        const safe = around.replace(/\{model:/g, '');
        expect(renderModelRefs(`${safe}${modelRef(id)}${safe}`, (x) => (x === id ? '<NAME>' : undefined))).toBe(`${safe}<NAME>${safe}`);
      }),
    );
  });
});
