/**
 * The roster builder's number fields, checked as the player types (issue 17): a value the campaign file would refuse
 * (25 extra grenades, −3, 2.5, a squad of 0) gets a message in words next to its field — "Extra frag/assault grenades
 * on Brother Kaelen: at most 20." — and is not put into the roster until it is fixed, so the draft keeps saving
 * everything else. The bounds are the roster schema's own (RosterModel), the same main checks again.
 */
import { phraseErrorMap } from '../../shared/ipc/issue-words';
import { RosterModel, grenadePlural, type Entry, type GrenadeType, type RosterModel as Model } from '../../shared/rules';

/** Which field: the squad size, an option's count, or extra grenades of one type. */
export type RosterField = { kind: 'squadSize' } | { kind: 'option'; id: string } | { kind: 'grenades'; type: GrenadeType };

export const fieldKey = (f: RosterField) => (f.kind === 'squadSize' ? 'squadSize' : f.kind === 'option' ? `options.${f.id}` : `grenades.${f.type}`);

export function fieldLabel(f: RosterField, entry: Entry | undefined): string {
  if (f.kind === 'squadSize') return 'Models in the squad';
  if (f.kind === 'option') return entry?.options.find((o) => o.id === f.id)?.name ?? 'This option';
  return `Extra ${grenadePlural(f.type).toLowerCase()}`;
}

/** "Brother Kaelen", or "the unnamed Tactical Marine" (as the roster's own messages say it). */
export const modelWho = (model: Pick<Model, 'name'>, entry: Entry | undefined) => model.name.trim() || `the unnamed ${entry?.name ?? 'model'}`;

/** The model with the field set to the typed text (an empty count is 0; an empty squad size is no number). */
export function withField(model: Model, f: RosterField, text: string): Model {
  const blank = text.trim() === '';
  const value = blank ? (f.kind === 'squadSize' ? Number.NaN : 0) : Number(text);
  if (f.kind === 'squadSize') return { ...model, squadSize: value };
  if (f.kind === 'option') {
    const options = { ...model.options };
    if (value === 0) delete options[f.id];
    else options[f.id] = value;
    return { ...model, options };
  }
  const grenades = { ...model.grenades };
  if (value === 0) delete grenades[f.type];
  else grenades[f.type] = value;
  return { ...model, grenades };
}

/**
 * The field's problem in words, or null when the roster schema accepts the model.
 *
 * @example
 * fieldProblem(model, { kind: 'grenades', type: 'frag-assault' }, entry); // with 25 → 'Extra frag/assault grenades on Brother Kaelen: at most 20.'
 */
export function fieldProblem(model: Model, f: RosterField, entry: Entry | undefined): string | null {
  const parsed = RosterModel.safeParse(model, { error: phraseErrorMap });
  if (parsed.success) return null;
  const key = fieldKey(f);
  const issue = parsed.error.issues.find((i) => i.path.map(String).join('.') === key);
  if (!issue) return null;
  return `${fieldLabel(f, entry)} on ${modelWho(model, entry)}: ${issue.message.replace(/\.$/, '')}.`;
}
