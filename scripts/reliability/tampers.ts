/**
 * Tampers with a campaign file (issue 27, "Done when", second bullet), for history-tamper.test.ts. Each tamper
 * changes one exported file in place and says what it changed and which game (by number) or ledger entry (by its
 * reason) a refusal should name; null when the file has nothing it applies to.
 *
 * `HAND_OVER_TAMPERS` change one field of a game row or ledger entry the laptop already has (the hand-over update
 * must call each a divergence); rule-tampers.ts has those that make the history disagree with the rules.
 */
import { BUILT_IN_REQ_AWARDS, type Sfc32 } from '../../shared/rules';
import type { CampaignFile, FileGame, FileLedgerRow } from '../../src-main/campaign-file/schema';

export type Obj = Record<string, unknown>;
export type Face = { faces: number[]; total: number };
export interface Tampered {
  /** What was changed, in words: for the report of an accepted tamper. */
  what: string;
  /** The game a refusal may name (its number), and the entries' reasons it may quote. */
  game?: number;
  reasons: string[];
}
export type Tamper = (file: CampaignFile, rng: Sfc32, owned: (e: FileLedgerRow) => boolean) => Tampered | null;

export const pick = <T>(rng: Sfc32, xs: readonly T[]): T | undefined => (xs.length === 0 ? undefined : xs[rng.nextUint32() % xs.length]);
export const int = (rng: Sfc32, min: number, max: number) => min + (rng.nextUint32() % (max - min + 1));
export const dataOf = (e: FileLedgerRow) => e.data as Obj;
const finished = (f: CampaignFile) => f.games.filter((g) => g.status !== 'draft');
export const live = (f: CampaignFile) => f.games.filter((g) => g.status === 'committed');
export const gameOf = (f: CampaignFile, e: FileLedgerRow) => f.games.find((g) => g.id === e.gameId);
export const report = (g: FileGame) => g.report as { models: Obj[]; rolls: (Face & Obj)[]; missionId: string } | null;
const otherFace = (rng: Sfc32, face: number) => ((face - 1 + int(rng, 1, 5)) % 6) + 1;

/** The file's entries that satisfy `test` (and `owned`: the rows the laptop already has). */
const entries = (f: CampaignFile, owned: (e: FileLedgerRow) => boolean, test: (e: FileLedgerRow) => boolean) => f.ledger.filter((e) => owned(e) && test(e));
export const aboutEntry = (f: CampaignFile, e: FileLedgerRow, what: string, extra: string[] = []): Tampered => ({
  what: `${what} (entry ${e.id}, “${e.reason}”)`,
  ...(gameOf(f, e) ? { game: gameOf(f, e)!.number } : {}),
  reasons: [e.reason, ...extra],
});
export const aboutGame = (g: FileGame, what: string): Tampered => ({ what: `game ${g.number}: ${what}`, game: g.number, reasons: [] });

const vp: Tamper = (f, rng) => {
  const g = pick(rng, finished(f));
  if (!g || g.vpA === null || g.vpB === null) return null;
  const side = rng.nextUint32() % 2 === 0 ? 'vpA' : 'vpB';
  const before = g[side]!;
  g[side] = before > 0 && rng.nextUint32() % 2 === 0 ? before - 1 : before + int(rng, 1, 8);
  return aboutGame(g, `${side} ${before} → ${g[side]}`);
};

const winner: Tamper = (f, rng) => {
  const g = pick(rng, finished(f));
  if (!g || g.winner === null) return null;
  const before = g.winner;
  g.winner = pick(
    rng,
    (['a', 'b', 'draw'] as const).filter((w) => w !== before),
  )!;
  return aboutGame(g, `winner ${before} → ${g.winner}`);
};

const playedOn: Tamper = (f, rng) => {
  const g = pick(rng, finished(f));
  if (!g) return null;
  const before = g.playedOn;
  g.playedOn = rng.nextUint32() % 3 === 0 ? '1999-03-12' : `2026-${String(int(rng, 1, 10)).padStart(2, '0')}-${String(int(rng, 10, 28))}`;
  return before === g.playedOn ? null : aboutGame(g, `played on ${before} → ${g.playedOn}`);
};

const MISSIONS = ['skirmish', 'sabotage', 'breakthrough', 'assassination', 'recon', 'last-stand'];
const mission: Tamper = (f, rng) => {
  const g = pick(rng, finished(f));
  const r = g && report(g);
  if (!g || !r) return null;
  const other = pick(
    rng,
    MISSIONS.filter((m) => m !== g.missionId),
  )!;
  // The row's mission, the report's, or both (consistent).
  const where = int(rng, 0, 2);
  if (where !== 1) g.missionId = other;
  if (where !== 0) r.missionId = other;
  return aboutGame(g, `mission → ${other} (${['row', 'report', 'row and report'][where]})`);
};

/** A die face of one of a game's rolls; `everywhere`: in the report and the rolls table alike (the total follows). */
export function changeRoll(f: CampaignFile, rng: Sfc32, games: FileGame[], everywhere: boolean, phase?: 'plan' | 'post'): Tampered | null {
  const g = pick(rng, games);
  const r = g && report(g);
  if (!g || !r) return null;
  const rolls = f.rolls.filter((x) => x.gameId === g.id && (phase === undefined || x.phase === phase));
  const i = int(rng, 0, Math.max(0, rolls.length - 1));
  const roll = rolls[i];
  if (!roll || roll.faces.length === 0) return null;
  const k = int(rng, 0, roll.faces.length - 1);
  const to = otherFace(rng, roll.faces[k]!);
  const change = (x: Face) => {
    x.total += to - x.faces[k]!;
    x.faces[k] = to;
  };
  const matching = r.rolls.find((x) => x.purpose === roll.purpose && x.faces.join() === roll.faces.join());
  const reasons: string[] = [];
  if (everywhere) {
    if (!matching) return null;
    change(matching);
    for (const e of f.ledger.filter((x) => x.gameId === g.id)) {
      const d = dataOf(e);
      const inEntry = (d.rolls as (Face & Obj)[] | undefined)?.find((x) => x.purpose === roll.purpose);
      if (!inEntry) continue;
      change(inEntry);
      if (typeof d.roll === 'number') d.roll = inEntry.total;
      reasons.push(e.reason);
    }
  }
  const purpose = roll.purpose;
  change(roll);
  const where = everywhere ? ' (report, rolls and entries)' : ' (rolls table only)';
  return { ...aboutGame(g, `roll “${purpose}” face ${k} → ${to}${where}`), reasons };
}

const rollFace: Tamper = (f, rng) => changeRoll(f, rng, finished(f), rng.nextUint32() % 2 === 0);

/**
 * An entry the organiser chose in the wizard rather than one the rules work out: an honour bought, a recruit, the
 * club's own EXP award (up to 50 times a model), an award the players list. Left out, given twice or given another
 * amount, it is another choice the rules allow, not a history that disagrees with them.
 */
export function organiserChoice(f: CampaignFile, e: FileLedgerRow): boolean {
  const d = dataOf(e);
  if (e.kind === 'honour.bought' || e.kind === 'model.recruited') return true;
  if (e.kind === 'req.awarded') return !BUILT_IN_REQ_AWARDS.has(d.award as string);
  if (e.kind !== 'exp.gained') return false;
  const clubAwards = f.rulesets.flatMap(
    (r) => (r.content as { progression?: { experience?: { awards?: { id: string }[] } } }).progression?.experience?.awards ?? [],
  );
  return clubAwards.some((a) => a.id === d.source);
}

const reportModel: Tamper = (f, rng) => fate(rng, pick(rng, finished(f)), int(rng, 0, 2));

/** A model of `g`'s report changed: 0 its taking part, 1 its fate (out of action or not), 2 how it was taken out. */
export function fate(rng: Sfc32, g: FileGame | undefined, variant: number): Tampered | null {
  const r = g && report(g);
  const m =
    r &&
    pick(
      rng,
      r.models.filter((x) => variant !== 1 || x.tookPart),
    );
  if (!g || !m) return null;
  switch (variant) {
    case 0:
      m.tookPart = !m.tookPart;
      return aboutGame(g, `${String(m.id)} tookPart → ${String(m.tookPart)}`);
    case 1:
      if (m.aliveAtEnd === false) {
        m.aliveAtEnd = true;
        delete m.outOfAction;
      } else {
        const enemy = r.models.find((x) => x.side !== m.side);
        m.aliveAtEnd = false;
        m.outOfAction = { by: enemy?.id ?? null, how: 'shooting' };
      }
      return aboutGame(g, `${String(m.id)} out of action turned over`);
    default: {
      const ooa = m.outOfAction as { how: string } | undefined;
      if (!ooa) return null;
      ooa.how = ooa.how === 'melee' ? 'shooting' : 'melee';
      return aboutGame(g, `${String(m.id)} taken out by ${ooa.how}`);
    }
  }
}

const reqAmount: Tamper = (f, rng, owned) => {
  const e = pick(
    rng,
    entries(f, owned, (x) => x.req !== 0),
  );
  if (!e) return null;
  const before = e.req;
  e.req += pick(rng, [-5, -1, 1, 5, 10])!;
  // With its amount too, half the time (the entry agrees with itself).
  const d = dataOf(e);
  if (typeof d.amount === 'number' && rng.nextUint32() % 2 === 0) d.amount = Math.max(0, d.amount + (e.req - before));
  return aboutEntry(f, e, `Req ${before} → ${e.req}`);
};

const expAmount: Tamper = (f, rng, owned) => {
  const e = pick(
    rng,
    entries(f, owned, (x) => x.kind === 'exp.gained'),
  );
  if (!e) return null;
  const d = dataOf(e);
  const before = d.amount as number;
  d.amount = before + int(rng, 1, 3);
  return aboutEntry(f, e, `EXP ${before} → ${String(d.amount)}`);
};

/** Every model id the file's team `teamId` ever had, from its entries and rosters. */
function modelsOf(f: CampaignFile, teamId: string): string[] {
  const ids = new Set<string>();
  for (const e of f.ledger) if (e.teamId === teamId && e.modelId) ids.add(e.modelId);
  const roster = f.teams.find((t) => t.id === teamId)?.roster as { models?: { id: string }[] } | undefined;
  for (const m of roster?.models ?? []) ids.add(m.id);
  return [...ids];
}

/**
 * An entry about a model moved to another model: `own` another of its team's, `ghost` one no team ever had, `enemy`
 * one of another team's.
 */
export function moveModel(f: CampaignFile, rng: Sfc32, candidates: FileLedgerRow[], to: 'own' | 'ghost' | 'enemy'): Tampered | null {
  const e = pick(rng, candidates);
  if (!e?.modelId) return null;
  const others = f.teams.filter((t) => t.id !== e.teamId).flatMap((t) => modelsOf(f, t.id));
  // The club's own award given to another of the team's models is another choice the wizard allows (organiserChoice).
  const own = organiserChoice(f, e) ? [] : modelsOf(f, e.teamId).filter((m) => m !== e.modelId);
  const model = to === 'ghost' ? `ghost-${int(rng, 1, 9999)}` : pick(rng, to === 'enemy' ? others : own);
  if (model === undefined) return null;
  const before = e.modelId;
  e.modelId = model;
  const d = dataOf(e);
  if (typeof d.model === 'string') d.model = model;
  else if (typeof d.model === 'object' && d.model !== null) (d.model as Obj).id = model;
  return aboutEntry(f, e, `model ${before} → ${model} (${to})`);
}

export const TO = ['own', 'ghost', 'enemy'] as const;
const modelId: Tamper = (f, rng, owned) =>
  moveModel(
    f,
    rng,
    entries(f, owned, (x) => x.modelId !== null),
    pick(rng, TO)!,
  );

/** The results the file's injury entries of `table` record, by roll. */
export const injuriesOf = (f: CampaignFile, table: unknown) => f.ledger.filter((x) => x.kind === 'injury.rolled' && dataOf(x).table === table).map(dataOf);

const injuryResult: Tamper = (f, rng, owned) => {
  const e = pick(
    rng,
    entries(f, owned, (x) => x.kind === 'injury.rolled'),
  );
  if (!e) return null;
  const d = dataOf(e);
  const before = d.result as { kind: string; text: string };
  // Another result of the same table where the file has one (a consistent result), else a made-up one.
  const other = injuriesOf(f, d.table).find((x) => JSON.stringify(x.result) !== JSON.stringify(before));
  d.result = other
    ? structuredClone(other.result)
    : before.kind === 'recovered'
      ? { kind: 'mauled', effect: 'mauled', text: 'Mauled.' }
      : { kind: 'recovered', text: 'Full recovery.' };
  return aboutEntry(f, e, `injury result ${before.kind} → ${(d.result as { kind: string }).kind}`);
};

/** An entry's words, or the time it was made. */
const reasonText: Tamper = (f, rng, owned) => {
  const e = pick(
    rng,
    entries(f, owned, () => true),
  );
  if (!e) return null;
  const before = e.reason;
  if (rng.nextUint32() % 2 === 0) {
    e.createdAt = new Date(Date.parse(e.createdAt) - int(rng, 1, 86_400) * 1000).toISOString();
    return aboutEntry(f, e, 'made earlier');
  }
  e.reason = `${before} (edited)`;
  return aboutEntry(f, e, 'reason edited', [before]);
};

/** A voided game's reason or time of voiding, or an amended game's amendment (its reason or the result it records). */
const afterwards: Tamper = (f, rng) => {
  const voided = f.games.filter((g) => g.status === 'voided');
  const amended = f.games.filter((g) => ((g.report as { amendments?: unknown[] } | null)?.amendments?.length ?? 0) > 0);
  if (rng.nextUint32() % 2 === 0) {
    const g = pick(rng, voided);
    if (!g?.voidedAt) return null;
    if (rng.nextUint32() % 2 === 0) g.voidReason = `${g.voidReason ?? ''} (edited)`;
    else g.voidedAt = new Date(Date.parse(g.voidedAt) + 60_000).toISOString();
    return aboutGame(g, 'its void changed');
  }
  const g = pick(rng, amended);
  const a = g && pick(rng, (g.report as { amendments: { reason: string; result: { vp: { a: number } } }[] }).amendments);
  if (!g || !a) return null;
  if (rng.nextUint32() % 2 === 0) a.reason = `${a.reason} (edited)`;
  else a.result.vp.a += 1;
  return aboutGame(g, 'an amendment changed');
};

/** One field of a game row or ledger entry the laptop already has: every one a divergence for the hand-over. */
export const HAND_OVER_TAMPERS: Record<string, Tamper> = {
  vp,
  winner,
  playedOn,
  mission,
  rollFace,
  reportModel,
  reqAmount,
  expAmount,
  modelId,
  injuryResult,
  reasonText,
  afterwards,
};
