import { describe, expect, it } from 'vitest';
import { normaliseNote } from './names';

describe('notes (issue 22): normalised like names, but their paragraphs kept', () => {
  it('keeps line breaks, collapses spaces in a line and blank runs between paragraphs', () => {
    expect(normaliseNote('  Turn 1:\u200B  the  Boyz charged.\r\n\r\n\r\n\tTurn 2: \n')).toBe('Turn 1: the Boyz charged.\n\nTurn 2:');
    expect(normaliseNote('one\rtwo')).toBe('one\ntwo');
  });
  it('takes invisible and direction characters out and composes accents (NFC)', () => {
    expect(normaliseNote('Zoe\u0308 \u202Ewon\u202C')).toBe('Zoë won');
  });
  it('is empty when nothing visible is left (saving it removes the note)', () => {
    expect(normaliseNote(' \n\u200B\t\n ')).toBe('');
  });
});
