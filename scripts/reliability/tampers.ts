/**
 * Tampers with a campaign file (issue 27, "Done when", second bullet), for history-tamper.test.ts. Each tamper
 * changes one exported file in place and says what it changed and which game (by number) or ledger entry (by its
 * reason) a refusal should name; null when the file has nothing it applies to.
 *
 * `HAND_OVER_TAMPERS` change one field of a game row or ledger entry the laptop already has (the hand-over update
 * must call each a divergence). `RULE_TAMPERS` make the history disagree with the rules while keeping the file
 * consistent with itself — an entry's Req column moved with its amount, rolls changed wherever the file records them,
 * the teams' rosters folded again from the tampered ledger — so that only the judge's replay can tell.
 */
import { foldRoster, type Sfc32 } from '../../shared/rules';
import type { CampaignFile, FileGame, FileLedgerRow } from '../../src-main/campaign-file/schema';
import { parseLedgerData } from '../../src-main/repos/teams';

type Obj = Record<string, unknown>;
type Face = { faces: number[]; total: number };
export interface Tampered {
  /** What was changed, in words: for the report of an accepted tamper. */
  what: string;
  /** The game a refusal may name (its number), and the entries' reasons it may quote. */
  game?: number;
  reasons: string[];
}
export type Tamper = (file: CampaignFile, rng: Sfc32, owned: (e: FileLedgerRow) => boolean) => Tampered | null;

const pick = <T>(rng: Sfc32, xs: readonly T[]): T | undefined => (xs.length === 0 ? undefined : xs[rng.nextUint32() % xs.length]);
const int = (rng: Sfc32, min: number, max: number) => min + (rng.nextUint32() % (max - min + 1));
const dataOf = (e: FileLedgerRow) => e.data as Obj;
const finished = (f: CampaignFile) => f.games.filter((g) => g.status !== 'draft');
const live = (f: CampaignFile) => f.games.filter((g) => g.status === 'committed');
const gameOf = (f: CampaignFile, e: FileLedgerRow) => f.games.find((g) => g.id === e.gameId);
const report = (g: FileGame) => g.report as { models: Obj[]; rolls: (Face & Obj)[]; missionId: string } | null;
const otherFace = (rng: Sfc32, face: number) => ((face - 1 + int(rng, 1, 5)) % 6) + 1;

/** The file's entries that satisfy `test` (and `owned`: the rows the laptop already has). */
const entries = (f: CampaignFile, owned: (e: FileLedgerRow) => boolean, test: (e: FileLedgerRow) => boolean) => f.ledger.filter((e) => owned(e) && test(e));
const aboutEntry = (f: CampaignFile, e: FileLedgerRow, what: string, extra: string[] = []): Tampered => ({
  what: `${what} (entry ${e.id}, “${e.reason}”)`,
  ...(gameOf(f, e) ? { game: gameOf(f, e)!.number } : {}),
  reasons: [e.reason, ...extra],
});
const aboutGame = (g: FileGame, what: string): Tampered => ({ what: `game ${g.number}: ${what}`, game: g.number, reasons: [] });

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
function changeRoll(f: CampaignFile, rng: Sfc32, games: FileGame[], everywhere: boolean, phase?: 'plan' | 'post'): Tampered | null {
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

/** Requisition awards the rules work out from the result (shared/rules progression/apply.ts earnedAward). */
const BUILT_IN_REQ_AWARDS = new Set([
  'took-part',
  'victory',
  'stalemate',
  'assassin',
  'considerate-commander',
  'sweeping-advance',
  'first-blood',
  'linebreaker',
  'mistakes-were-made',
  'kayfabe',
]);

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
function fate(rng: Sfc32, g: FileGame | undefined, variant: number): Tampered | null {
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
function moveModel(f: CampaignFile, rng: Sfc32, candidates: FileLedgerRow[], to: 'own' | 'ghost' | 'enemy'): Tampered | null {
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

const TO = ['own', 'ghost', 'enemy'] as const;
const modelId: Tamper = (f, rng, owned) =>
  moveModel(
    f,
    rng,
    entries(f, owned, (x) => x.modelId !== null),
    pick(rng, TO)!,
  );

/** The results the file's injury entries of `table` record, by roll. */
const injuriesOf = (f: CampaignFile, table: unknown) => f.ledger.filter((x) => x.kind === 'injury.rolled' && dataOf(x).table === table).map(dataOf);

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

/** The live entries of the file's committed games that `test` accepts. */
const gameEntries = (f: CampaignFile, test: (e: FileLedgerRow) => boolean) =>
  f.ledger.filter((e) => e.voidedAt === null && gameOf(f, e)?.status === 'committed' && test(e));

/** The winner the VP do not give: the row's winner alone, or VP and winner swapped together (the report unchanged). */
const ruleWinner: Tamper = (f, rng) => {
  const g = pick(rng, live(f));
  if (!g || g.vpA === null || g.vpB === null || g.winner === null) return null;
  if (rng.nextUint32() % 2 === 0) {
    const before = g.winner;
    g.winner = pick(
      rng,
      (['a', 'b', 'draw'] as const).filter((w) => w !== before),
    )!;
    return aboutGame(g, `winner ${before} → ${g.winner}, VP ${g.vpA}–${g.vpB} kept`);
  }
  if (g.vpA === g.vpB) return null;
  [g.vpA, g.vpB] = [g.vpB, g.vpA];
  g.winner = g.vpA > g.vpB ? 'a' : 'b';
  return aboutGame(g, `VP swapped to ${g.vpA}–${g.vpB}, winner ${g.winner}`);
};

/** A Req award the result does not earn: its amount and Req moved together. */
const ruleReq: Tamper = (f, rng) => {
  const e = pick(
    rng,
    gameEntries(f, (x) => ['req.awarded', 'req.chart', 'req.underdog', 'relic.cashed'].includes(x.kind)),
  );
  if (!e) return null;
  const d = dataOf(e);
  const before = d.amount as number;
  const by = before > 0 && rng.nextUint32() % 3 === 0 ? -Math.min(before, int(rng, 1, 5)) : int(rng, 1, 15);
  d.amount = before + by;
  e.req += by;
  return aboutEntry(f, e, `${e.kind} ${before} → ${before + by} (Req moved with it)`);
};

/**
 * An EXP award the report does not earn: a built-in source's amount raised or lowered. (The club's own award is left
 * alone: the wizard lets the organiser give it up to 50 times, so any whole amount of it is a choice the rules allow.)
 */
const ruleExp: Tamper = (f, rng) => {
  const e = pick(
    rng,
    gameEntries(f, (x) => x.kind === 'exp.gained' && !organiserChoice(f, x)),
  );
  if (!e) return null;
  const d = dataOf(e);
  const before = d.amount as number;
  d.amount = before > 1 && rng.nextUint32() % 3 === 0 ? before - 1 : before + int(rng, 1, 3);
  return aboutEntry(f, e, `EXP (${String(d.source)}) ${before} → ${String(d.amount)}`);
};

/** An injury result its roll does not give: the result of another roll on the table, or the roll of another result. */
const ruleInjury: Tamper = (f, rng) => {
  const e = pick(
    rng,
    gameEntries(f, (x) => x.kind === 'injury.rolled'),
  );
  if (!e) return null;
  const d = dataOf(e);
  const others = injuriesOf(f, d.table).filter((x) => JSON.stringify(x.result) !== JSON.stringify(d.result) && x.roll !== d.roll);
  const other = pick(rng, others);
  if (!other) return null;
  if (rng.nextUint32() % 2 === 0) {
    d.result = structuredClone(other.result);
    return aboutEntry(f, e, `injury result of roll ${String(other.roll)} given to roll ${String(d.roll)}`);
  }
  // The roll changed wherever the file records it: the entry, the report and the rolls table.
  const g = gameOf(f, e)!;
  const [from, to] = [d.roll as number, other.roll as number];
  const purpose = (d.rolls as Obj[] | undefined)?.[0]?.purpose;
  if (from < 1 || from > 6 || to < 1 || to > 6 || typeof purpose !== 'string') return null;
  const set = (x: Face) => {
    x.faces = [to];
    x.total = to;
  };
  for (const x of [
    ...((d.rolls as Face[] | undefined) ?? []),
    ...(report(g)?.rolls.filter((r) => r.purpose === purpose) ?? []),
    ...f.rolls.filter((r) => r.gameId === g.id && r.purpose === purpose),
  ])
    set(x);
  d.roll = to;
  return aboutEntry(f, e, `injury roll ${from} → ${to}, result kept`);
};

/**
 * An entry for a model the team never had (no team's, or the other team's), or a game's entry for another of its
 * models; a team-page entry (a dismissal, a rename, gear, reserves) for a model the team never had.
 */
const ruleModel: Tamper = (f, rng) => {
  if (rng.nextUint32() % 3 === 0) {
    const teamPage = f.ledger.filter((x) => x.voidedAt === null && x.gameId === null && x.modelId !== null && x.kind !== 'model.recruited');
    return moveModel(f, rng, teamPage, rng.nextUint32() % 2 === 0 ? 'ghost' : 'enemy');
  }
  return moveModel(
    f,
    rng,
    gameEntries(f, (x) => x.modelId !== null && x.kind !== 'model.recruited'),
    pick(rng, TO)!,
  );
};

/** A death the report does not record: a model.died entry for a model still standing at the end of the game. */
const ruleDeath: Tamper = (f, rng) => {
  const g = pick(rng, live(f));
  const r = g && report(g);
  if (!g || !r) return null;
  const gameRows = f.ledger.filter((e) => e.gameId === g.id);
  const last = f.ledger.lastIndexOf(gameRows[gameRows.length - 1]!);
  // A model that stood, with no entry after the game (so nothing later needs it alive).
  const later = new Set(f.ledger.slice(last + 1).map((e) => e.modelId));
  const standing = r.models.filter((m) => m.tookPart && m.aliveAtEnd && !later.has(m.id as string));
  const m = pick(rng, standing);
  const template = gameRows[0];
  if (!m || !template) return null;
  const teamId = m.side === 'a' ? g.teamAId : g.teamBId;
  const id = `${g.id}/forged-${int(rng, 1, 9999)}`;
  const reason = `${String(m.name)} died (forged).`;
  const died: FileLedgerRow = {
    ...template,
    id,
    originId: id,
    teamId,
    modelId: m.id as string,
    kind: 'model.died',
    req: 0,
    reason,
    voidedAt: null,
    data: { v: 1, id, gameId: g.id, team: teamId, rolls: [], voided: false, citation: 'forged', kind: 'model.died', model: m.id, reason: 'Forged.' },
  };
  f.ledger.splice(last + 1, 0, died);
  return { what: `game ${g.number}: forged death of ${String(m.id)}`, game: g.number, reasons: [reason] };
};

/** One of a game's entries (one the rules work out) left out. */
const ruleRemove: Tamper = (f, rng) => {
  const e = pick(
    rng,
    gameEntries(f, (x) => !organiserChoice(f, x)),
  );
  if (!e) return null;
  f.ledger.splice(f.ledger.indexOf(e), 1);
  return aboutEntry(f, e, 'entry removed');
};

/** One of a game's entries (one the rules work out) given twice, the copy with an id of its own. */
const ruleDuplicate: Tamper = (f, rng) => {
  const e = pick(
    rng,
    gameEntries(f, (x) => !organiserChoice(f, x)),
  );
  if (!e) return null;
  const id = `${e.id}-again`;
  const copy: FileLedgerRow = { ...structuredClone(e), id, originId: id };
  if (dataOf(copy).id === e.id) dataOf(copy).id = id;
  f.ledger.splice(f.ledger.indexOf(e) + 1, 0, copy);
  return aboutEntry(f, e, 'entry given twice');
};

/** A change that makes the history disagree with the rules, the file kept consistent with itself. */
export const RULE_TAMPERS: Record<string, Tamper> = {
  ruleWinner,
  ruleReq,
  ruleExp,
  ruleInjury,
  ruleModel,
  ruleDeath,
  ruleRemove,
  ruleDuplicate,
  // A roll the game's entries were worked out from (injury, Requisition chart, advance…), changed wherever it is recorded.
  ruleRoll: (f, rng) => changeRoll(f, rng, live(f), true, 'post'),
  // A roll made while planning (deployment, roll-offs), changed in the report and the rolls table but not in the plan.
  rulePlanRoll: (f, rng) => changeRoll(f, rng, live(f), true, 'plan'),
  // The report changed under its entries: a model's fate turned over (an injury roll then needed, or one too many).
  // How it was taken out, or whether a model with no entries took part, is a fact no rule here derives anything from.
  ruleReport: (f, rng) => fate(rng, pick(rng, live(f)), 1),
};

/**
 * Each founded team's roster folded again from the (tampered) ledger, as the ledger module would store it: the file
 * then agrees with itself, and only the replay can find what is wrong. An entry that no longer reads is left alone.
 */
export function refoldRosters(f: CampaignFile): void {
  for (const t of f.teams) {
    if (t.foundedAt === null) continue;
    try {
      const items = f.ledger
        .filter((e) => e.teamId === t.id)
        .map((e) => ({ data: parseLedgerData({ kind: e.kind, data: e.data } as never), req: e.req, voided: e.voidedAt !== null }));
      t.roster = foldRoster(items);
    } catch {
      // The row checks will name the entry.
    }
  }
}
