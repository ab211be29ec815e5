/**
 * The campaign file's ledger, checked entry by entry as the handlers that write it would (issue 16): each entry parses
 * as its kind, its Req is what that kind moves (a recruit or wargear costs at most a whole roster, an organiser's
 * adjustment is at most ±10,000 as on the team page, an Undo refunds exactly what the recruit or wargear it takes back
 * cost, a game's entry moves exactly its amount), its numbers are within
 * what the rulesets in the file and the seed-004 missions can give (EXP, awards, chart rows, honours), a game's entries
 * belong to a committed or voided game of one of its teams, and each model belongs to one team only. Entries are
 * walked in ledger order, per team, as the roster fold walks them.
 */
import { AppError } from '../../shared/ipc/result';
import { wordsErrorMap } from '../../shared/ipc/issue-words';
import {
  FOUNDED_ROSTER_CAP,
  rosterCapOf,
  foldRosterFrom,
  LedgerData,
  MISSIONS,
  RESERVE_KINDS,
  reserveProblem,
  type ReserveData,
  type Roster,
  PROGRESSION_ENTRY_KINDS,
  ProgressionEntry,
  ROSTER_MAX_MODELS,
  reqDelta,
  squadOfMember,
  type GamePlan,
  type Ruleset,
} from '../../shared/rules';
import type { CampaignFile, FileGame } from './schema';
import { gameLabel } from './remap';

const refuse = (what: string): never => {
  throw new AppError('VALIDATION', `${what} Nothing was imported.`);
};

/** The team page's Req adjustment (shared/ipc/schemas/teams.ts TeamAdjustReqInput): at most this either way. */
const ADJUSTMENT_MAX = 10_000;
/** The wizard's "times" for one EXP award (shared/ipc/schemas/games.ts DraftSideAwards). */
const EXP_AWARD_TIMES_MAX = 50;
/** The most one dice roll on any table can show (a D66). */
const ROLL_MAX = 66;

/** What the file's rulesets (and the seed-004 missions) can give, to bound each entry's numbers. */
interface Bounds {
  expAwards: Map<string, number>;
  missionBonuses: Set<string>;
  awards: Map<string, Set<number>>;
  chartMax: number;
  awardsMax: number;
  underdogMax: number;
  honours: Map<string, Set<number>>;
  surcharges: Set<number>;
  thresholdMax: number;
  levelMax: number;
}

function boundsOf(rulesets: readonly Ruleset[]): Bounds {
  const b: Bounds = {
    expAwards: new Map(),
    missionBonuses: new Set(MISSIONS.flatMap((m) => m.bonusExperience.map((x) => x.id))),
    awards: new Map(),
    chartMax: 0,
    awardsMax: 0,
    underdogMax: 1,
    honours: new Map(),
    surcharges: new Set([0]),
    thresholdMax: 0,
    levelMax: 0,
  };
  for (const r of rulesets) {
    const p = r.progression;
    for (const a of p.experience.awards ?? []) b.expAwards.set(a.id, Math.max(b.expAwards.get(a.id) ?? 0, a.exp));
    for (const m of r.missions) for (const x of m.bonusExperience) b.missionBonuses.add(x.id);
    let total = 0;
    for (const a of p.requisition.awards ?? []) {
      (b.awards.get(a.id) ?? b.awards.set(a.id, new Set()).get(a.id)!).add(a.req);
      total += Math.max(0, a.req);
    }
    for (const row of p.requisition.chart?.rows ?? []) b.chartMax = Math.max(b.chartMax, Number(/^req-(\d+)$/.exec(row.result)?.[1] ?? 0));
    b.awardsMax = Math.max(b.awardsMax, total);
    for (const m of p.requisition.multipliers) b.underdogMax = Math.max(b.underdogMax, m.factor);
    for (const g of p.honours?.groups ?? []) for (const h of g.honours) (b.honours.get(h.id) ?? b.honours.set(h.id, new Set()).get(h.id)!).add(h.cost);
    if (p.honours) b.surcharges.add(p.honours.eliteSurcharge.req);
    for (const t of p.levelThresholds ?? []) b.thresholdMax = Math.max(b.thresholdMax, t.exp);
    b.levelMax = Math.max(b.levelMax, p.levelThresholds?.length ?? 0);
  }
  return b;
}

/** Why a game's entry carries numbers no game could give, or null. */
function progressionProblem(e: ProgressionEntry, b: Bounds, plan: GamePlan | null): string | null {
  switch (e.kind) {
    case 'exp.gained': {
      const award = b.expAwards.get(e.source);
      if (award !== undefined)
        return e.amount <= award * EXP_AWARD_TIMES_MAX ? null : `${e.amount} EXP from one award (at most ${award} × ${EXP_AWARD_TIMES_MAX})`;
      if (b.missionBonuses.has(e.source)) return e.amount <= ROSTER_MAX_MODELS ? null : `${e.amount} EXP from one mission bonus (at most ${ROSTER_MAX_MODELS})`;
      return `EXP from “${e.source}”, which no ruleset in the file awards`;
    }
    case 'level.reached':
      return e.level <= b.levelMax && e.threshold <= b.thresholdMax ? null : `level ${e.level} at ${e.threshold} EXP, which no level table in the file has`;
    case 'injury.rolled':
      return e.roll >= 1 && e.roll <= ROLL_MAX ? null : `an injury roll of ${e.roll}`;
    case 'req.awarded':
      return b.awards.get(e.award)?.has(e.amount) ? null : `${e.amount} Req from “${e.award}”, which no ruleset in the file gives`;
    case 'req.chart':
      return e.amount <= b.chartMax ? null : `${e.amount} Req from the requisition chart (its best row gives ${b.chartMax})`;
    case 'req.underdog':
      return e.base <= b.awardsMax + b.chartMax && e.amount <= Math.ceil(e.base * b.underdogMax) ? null : `an Underdog bonus of ${e.amount} Req on ${e.base}`;
    case 'relic.cashed': {
      const placed = plan?.counters.filter((c) => c.kind === 'relic').reduce((n, c) => n + c.count, 0) ?? 0;
      return e.relics <= placed && e.amount <= 6 * e.relics ? null : `${e.amount} Req for ${e.relics} relics (the game placed ${placed}, D6 Req each)`;
    }
    case 'honour.bought':
      return b.honours.get(e.honour)?.has(e.baseCost) && b.surcharges.has(e.surcharge) && e.cost === e.baseCost + e.surcharge
        ? null
        : `the honour “${e.honour}” for ${e.cost} Req, which no ruleset in the file sells at that price`;
    default:
      return null;
  }
}

export interface CheckedLedger {
  /** Each row's data as parsed (what import writes). */
  data: (LedgerData | ProgressionEntry)[];
  /** Every model id each team ever had. */
  models: Map<string, Set<string>>;
}

/** Each kind of entry, in words. */
const KIND_WORDS: Record<string, string> = {
  'team.founded': 'founding',
  'model.recruited': 'recruit',
  'model.dismissed': 'dismissal',
  'model.wargear': 'wargear change',
  'model.renamed': 'renaming',
  'req.adjusted': 'Req adjustment (at most 10,000 either way)',
  'model.reserved': 'Tactical Reserves parking',
  'model.returned': 'return from Tactical Reserves',
  'gear.parked': 'gear parked in Tactical Reserves',
  'gear.fitted': 'gear fitted from Tactical Reserves',
  'exp.gained': 'EXP award',
  'level.reached': 'level',
  'advance.rolled': 'advance',
  'injury.rolled': 'injury',
  'model.died': 'death',
  'req.awarded': 'requisition award',
  'req.chart': 'requisition chart roll',
  'req.underdog': 'Underdog bonus',
  'relic.cashed': 'relic cash-in',
  'honour.bought': 'honour',
};
const kindWords = (kind: string) => KIND_WORDS[kind] ?? `“${kind}”`;

/** The model an entry is about (the row's model_id must say the same). */
function modelOf(d: LedgerData | ProgressionEntry): string | null {
  if ('v' in d) return 'model' in d ? d.model : null;
  if (d.kind === 'model.recruited' || d.kind === 'model.wargear') return d.model.id;
  if (d.kind === 'model.dismissed' || d.kind === 'model.renamed') return d.modelId;
  if (d.kind === 'model.reserved' || d.kind === 'model.returned' || d.kind === 'gear.parked' || d.kind === 'gear.fitted') return d.modelId;
  return null;
}

/**
 * `planOf` gives a game's parsed plan (null when it has none or it cannot be read: checkGames says why). `tell` hears
 * how many entries are checked, every hundredth of them (issue 29: ninety thousand take seconds at ten years).
 */
export function checkLedger(
  file: CampaignFile,
  rulesets: readonly Ruleset[],
  planOf: (gameId: string) => GamePlan | null,
  tell?: (entriesChecked: number) => void,
): CheckedLedger {
  const every = Math.max(1, Math.ceil(file.ledger.length / 100));
  const bounds = boundsOf(rulesets);
  const games = new Map<string, FileGame>(file.games.map((g) => [g.id, g]));
  // An amended game (issue 20) stays committed and keeps, voided, the entries its amendments took back.
  const amended = new Set(
    file.games.filter((g) => g.status === 'committed' && ((g.report as { amendments?: unknown[] } | null)?.amendments?.length ?? 0) > 0).map((g) => g.id),
  );
  const teamName = new Map(file.teams.map((t) => [t.id, t.name]));
  const owner = new Map<string, string>();
  const models = new Map<string, Set<string>>(file.teams.map((t) => [t.id, new Set<string>()]));
  // The roster cap of any ruleset the campaign pinned (issue 19: a value of the ruleset), never below 400.
  const costMax = Math.max(file.campaign.pointsLimit, FOUNDED_ROSTER_CAP, ...rulesets.map(rosterCapOf));
  // What each model's recruit and wargear changes cost, live, so far: an Undo (src-main/undo-action.ts) refunds exactly
  // one of them, as a dismissal or a wargear change that moves Req back.
  const refundable = new Map<string, number[]>();
  // Models dismissed so far: an Undo of the dismissal recruits the same model again.
  const dismissed = new Set<string>();
  const data = file.ledger.map((e, i) => {
    if (tell && i > 0 && i % every === 0) tell(i);
    const where = `Ledger entry ${i + 1} in the file (${teamName.get(e.teamId)}: “${e.reason.slice(0, 80)}”)`;
    const progression = (PROGRESSION_ENTRY_KINDS as readonly string[]).includes(e.kind);
    const parsed = progression ? ProgressionEntry.safeParse(e.data, { error: wordsErrorMap }) : LedgerData.safeParse(e.data, { error: wordsErrorMap });
    if (!parsed.success) return refuse(`${where} is not a valid ${kindWords(e.kind)} entry: ${parsed.error.issues[0]!.message}`);
    const d = parsed.data;
    if (d.kind !== e.kind) refuse(`${where} is filed as a ${kindWords(e.kind)} but says it is a ${kindWords(d.kind)}.`);
    if (modelOf(d) !== e.modelId) refuse(`${where} is filed under another model than the one it is about.`);

    // Which game it belongs to: a game's entries (and a recruit bought in the wizard) belong to a committed or voided
    // game, voided exactly when the game is; entries made on the team page belong to no game (and are voided only as a
    // voided game's dependents).
    const game = e.gameId === null ? undefined : games.get(e.gameId)!;
    if (game === undefined && progression && d.kind !== 'honour.bought') refuse(`${where} comes from a game but names none.`);
    if (game !== undefined && !progression && d.kind !== 'model.recruited')
      refuse(`${where} is tied to ${gameLabel(game)}, but that kind of entry is made on the team page.`);
    if (game !== undefined && game.status === 'draft') refuse(`${where} belongs to ${gameLabel(game)}, which was never applied.`);
    const takenBack = game !== undefined && amended.has(game.id) && e.voidedAt !== null;
    if (game !== undefined && !takenBack && (game.status === 'voided') !== (e.voidedAt !== null))
      refuse(`${where} is ${e.voidedAt === null ? 'live' : 'voided'} but ${gameLabel(game)} is ${game.status}.`);

    // Its Req: what the screen that makes this kind of entry would write.
    const costs = (d.kind === 'model.recruited' || d.kind === 'model.wargear') && e.req <= 0 && -e.req <= costMax;
    const paid = e.modelId === null ? undefined : refundable.get(`${e.teamId}|${e.modelId}`);
    // Live or voided alike: a recruit undone and both voided since as a void's dependents stay a pair.
    const refund = e.req > 0 && (d.kind === 'model.dismissed' || d.kind === 'model.wargear') && (paid?.includes(-e.req) ?? false);
    if (refund) paid!.splice(paid!.indexOf(-e.req), 1);
    else if (e.req < 0 && e.modelId !== null && (d.kind === 'model.recruited' || d.kind === 'model.wargear'))
      (paid ?? refundable.set(`${e.teamId}|${e.modelId}`, []).get(`${e.teamId}|${e.modelId}`)!).push(e.req);
    const ok = progression
      ? e.req === reqDelta({ ...(d as ProgressionEntry), voided: false })
      : d.kind === 'req.adjusted'
        ? e.req !== 0 && Math.abs(e.req) <= ADJUSTMENT_MAX
        : refund
          ? true
          : d.kind === 'model.recruited' || d.kind === 'model.wargear'
            ? costs
            : e.req === 0;
    if (!ok) refuse(`${where} moves ${e.req} Req, which no ${kindWords(e.kind)} can.`);
    if (progression) {
      const problem = progressionProblem(d as ProgressionEntry, bounds, game ? planOf(game.id) : null);
      if (problem) refuse(`${where} records ${problem}.`);
    }

    // Each model belongs to one team: the team that founded or recruited it.
    const mine = models.get(e.teamId)!;
    const born = d.kind === 'team.founded' ? d.roster.models.map((m) => m.id) : d.kind === 'model.recruited' ? [d.model.id] : [];
    for (const id of born) {
      const other = owner.get(id);
      // An Undo of a dismissal (src-main/undo-action.ts) brings the same model back, for nothing.
      const back = other === e.teamId && d.kind === 'model.recruited' && e.req === 0 && dismissed.has(id);
      if (other !== undefined && !back)
        refuse(`${where} adds a model that ${other === e.teamId ? 'the team already has' : `belongs to ${teamName.get(other)}`}.`);
      owner.set(id, e.teamId);
      mine.add(id);
    }
    if (d.kind === 'model.dismissed') dismissed.add(d.modelId);
    const about = modelOf(d);
    // A Squad's member (shared/rules/game/squads.ts "<squad>#<n>") is one of its squad's models.
    const squadOf = about === null ? null : squadOfMember(about);
    if (about !== null && !mine.has(about) && !(squadOf !== null && mine.has(squadOf.squadId)))
      refuse(`${where} is about a model ${teamName.get(e.teamId)} never had.`);
    return d;
  });
  checkReserves(file, data, (i) => `Ledger entry ${i + 1} in the file (${teamName.get(file.ledger[i]!.teamId)}: “${file.ledger[i]!.reason.slice(0, 80)}”)`);
  return { data, models };
}

/**
 * Tactical Reserves entries (docs/progression.md) move a model or an item that is there to move, as the team page
 * checks: each team's roster is folded in ledger order and every live reserve entry checked against it.
 */
function checkReserves(file: CampaignFile, data: readonly (LedgerData | ProgressionEntry)[], where: (i: number) => string) {
  const rosters = new Map<string, Roster | undefined>();
  file.ledger.forEach((e, i) => {
    const d = data[i]!;
    if (e.voidedAt !== null || ('v' in d && d.kind !== 'model.died')) return;
    const before = rosters.get(e.teamId);
    if ((RESERVE_KINDS as readonly string[]).includes(d.kind)) {
      const problem = before ? reserveProblem(before, d as ReserveData) : 'the team is not founded yet.';
      if (problem) refuse(`${where(i)} cannot apply: ${problem}`);
    }
    if (before || d.kind === 'team.founded') rosters.set(e.teamId, foldRosterFrom(before, [{ data: d, req: e.req, voided: false }]));
  });
}
