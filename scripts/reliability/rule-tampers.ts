/**
 * Tampers that make a campaign file's history disagree with the rules (issue 27, "Done when", second bullet), for
 * history-tamper.test.ts, while keeping the file consistent with itself — an entry's Req column moved with its amount,
 * rolls changed wherever the file records them, the teams' rosters folded again from the tampered ledger
 * (refoldRosters) — so that only the judge's replay can tell. Organiser choices are left alone (organiserChoice).
 */
import { foldRoster } from '../../shared/rules';
import type { CampaignFile, FileLedgerRow } from '../../src-main/campaign-file/schema';
import { parseLedgerData } from '../../src-main/ledger';
import {
  TO,
  aboutEntry,
  aboutGame,
  changeRoll,
  dataOf,
  fate,
  gameOf,
  injuriesOf,
  int,
  live,
  moveModel,
  organiserChoice,
  pick,
  report,
  type Face,
  type Obj,
  type Tamper,
} from './tampers';

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
