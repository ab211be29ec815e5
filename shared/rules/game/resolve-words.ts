/**
 * A game's texts in words (moved from src-main/games/words.ts, issue 32): rules texts with the teams' and models' names
 * put in (humanizer), every model's name, which wizard step an entry belongs to, an entry's text, and the score as the
 * screens show it. Pure: from what is loaded.
 */
import type { Side } from '../hor/facts';
import { renderModelRefs } from '../model-ref';
import type { ProgressionEntry } from '../progression/entries';
import type { ChangeView, ScoreView } from './preview';
import type { ResolveState, ResolveTeam } from './resolve-types';
import type { GameScore } from './score';
import { reportModelsOf } from './squads';

const SIDES: Side[] = ['a', 'b'];

/**
 * Rules texts name sides "Player A/B" and models by reference (`{model:<id>}`, shared/rules model-ref.ts): say the
 * team's and the model's names instead. References are rendered by their structure, never by searching the text for
 * ids (issue 16: a one-letter id garbled every text). Texts stored before that (roll purposes such as
 * 'Injury, Player A, Core "id"') name a model as an exact quoted id, and only that form is read.
 */
export function humanizer(teams: Record<Side, Pick<ResolveTeam, 'row'>>, names: ReadonlyMap<string, string>) {
  // One pass over the text, so a name put in is never read again (a team called "{model:x}" stays as it is).
  const sides: Record<string, string> = { 'Player A': teams.a.row.name, 'Player B': teams.b.row.name };
  return (text: string): string =>
    text.replace(/Player [AB]|\{model:[^{}\s]*\}|"([^"\n]{1,200})"/g, (part: string, quoted: string | undefined) => {
      if (part.startsWith('Player ')) return sides[part]!;
      if (quoted !== undefined) return names.get(quoted) ?? part;
      return renderModelRefs(part, (id) => names.get(id));
    });
}

export function modelNames(teams: Record<Side, Pick<ResolveTeam, 'report'>>, state: Pick<ResolveState, 'names'>): Map<string, string> {
  // Dead and dismissed models keep their names in the ledger; models on the rosters now take their current names.
  const names = new Map(state.names);
  for (const side of SIDES) {
    for (const card of teams[side].report.models) {
      names.set(card.modelId, card.name || card.entryName);
      // A Squad's members (shared/rules/game/squads.ts), named as the report names them.
      if (card.category === 'squad') for (const m of reportModelsOf(card, side)) names.set(m.id, m.name ?? m.id);
    }
  }
  return names;
}

/** The wizard step each kind of progression entry belongs to. */
export const CHANGE_STEP: Record<ProgressionEntry['kind'], ChangeView['step']> = {
  'exp.gained': 'experience',
  'level.reached': 'experience',
  'advance.rolled': 'experience',
  'honour.bought': 'experience',
  'injury.rolled': 'injuries',
  'model.died': 'injuries',
  'req.awarded': 'requisition',
  'req.underdog': 'requisition',
  'req.chart': 'requisition',
  'relic.cashed': 'requisition',
};

/** A progression entry in words, as the ledger's `reason` keeps it. */
export function entryText(e: ProgressionEntry, name: (id: string) => string, honourName: (id: string) => string): string {
  switch (e.kind) {
    case 'exp.gained':
      return `${name(e.model)}: +${e.amount} EXP — ${e.reason}`;
    case 'level.reached':
      return `${name(e.model)} reaches level ${e.level} (${e.threshold} EXP).`;
    case 'advance.rolled':
      return `${name(e.model)}, level ${e.level} advance: ${[e.text, ...e.followUps.map((f) => f.text)].join(' ')}`;
    case 'injury.rolled':
      return `${name(e.model)}: injury roll ${e.roll} — ${e.result.text}`;
    case 'model.died':
      return `${name(e.model)} died (${e.reason.replace(/\.$/, '')}).`;
    case 'req.awarded':
      return e.reason;
    case 'req.underdog':
      return `Underdog +${e.amount}: ${e.reason}`;
    case 'req.chart':
      return `Requisition chart: ${e.text} (+${e.amount})`;
    case 'relic.cashed':
      return `${e.relics} relic${e.relics === 1 ? '' : 's'} cashed in: +${e.amount} Req (seed 004 Relic Hunt).`;
    case 'honour.bought':
      return `${e.model === null ? 'The team' : name(e.model)} gains ${honourName(e.honour)} for ${e.cost} Req${e.surcharge > 0 ? ` (${e.baseCost} + ${e.surcharge} elite surcharge)` : ''}.`;
  }
}

export function scoreView(score: GameScore, human: (t: string) => string): ScoreView {
  return {
    vp: score.vp,
    lines: score.lines.map((l) => ({ side: l.side, vp: l.vp, source: l.source, reason: human(l.reason), citation: l.citation })),
    secondaries: { a: [...score.secondaries.a], b: [...score.secondaries.b] },
    winner: score.outcome.kind === 'win' ? score.outcome.winner : 'draw',
    reason: human(score.outcome.reason),
    automatic: score.outcome.kind === 'win' && score.outcome.automatic,
    margin: score.margin && {
      name: score.margin.name,
      difference: score.margin.difference,
      percent: score.margin.percent,
      pointsLimit: score.margin.pointsLimit,
    },
    notes: score.notes.map(human),
  };
}
