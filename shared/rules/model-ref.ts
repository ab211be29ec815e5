/**
 * Models named in rules texts (issue 16). The rules know models by id only; a text that names one carries a
 * reference, `{model:<id>}` (the id percent-encoded), and the app renders it with the model's name by that structure.
 * Ids are never searched for in free text: a one-letter id would otherwise turn every "a" of a sentence into a name.
 */

/**
 * A reference to a model, for a rules text.
 *
 * @example
 * modelRef('a-boss'); // → '{model:a-boss}'
 * modelRef('x}y'); // → '{model:x%7Dy}'
 */
export function modelRef(id: string): string {
  return `{model:${encodeURIComponent(id)}}`;
}

const REF = /\{model:([^{}\s]*)\}/g;

/**
 * A rules text with each model reference replaced by `nameOf(id)`, or by the id when the model is unknown.
 *
 * @example
 * renderModelRefs('Model {model:a-boss} is on both sides.', (id) => (id === 'a-boss' ? 'Grukk' : undefined));
 * // → 'Model Grukk is on both sides.'
 */
export function renderModelRefs(text: string, nameOf: (id: string) => string | undefined): string {
  return text.replace(REF, (whole, encoded: string) => {
    let id: string;
    try {
      id = decodeURIComponent(encoded);
    } catch {
      return whole;
    }
    return nameOf(id) ?? id;
  });
}
