/**
 * Issue 16, "imports stay inside their campaign": crafted campaign files against a laptop that holds another played
 * campaign (the victim). The named attacks (src-main/test-support/hostile-campaign-files.ts: points 1, 2, 6
 * and 7), then every reference in the file pointed at the victim's team, game, player, team list and ledger entries
 * one by one, and numbers blown up entry by entry. Every case must be refused with a reason in words and change
 * nothing; a file that only reuses the victim's ids as its own may import, and then changes no row outside its own
 * campaign. A ruleset row with a forged hash is also tried across a restart. Counts go to reports/reliability.json:
 * hostile imports tried, refused, accepted, and rows changed outside the imported campaign (must be 0).
 * `npm run test:reliability` tries every reference of the file; `npm test` the first few of each kind.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { RulesetView } from '../../shared/ipc/schemas/rulesets';
import { battleHonoursPreset } from '../../shared/rules';
import type { Core } from '../../src-main/core';
import { contentHash } from '../../src-main/repos/rulesets';
import { call, snapshotTables, tempDir, testCore } from '../../src-main/test-support';
import { hostileCases, playedCampaign, rowsChanged, rowsOutside, type CampaignJson, type Victim } from '../../src-main/test-support/hostile-campaign-files';
import { mergeReliabilityReport } from './report-file';
import { jsonText } from '../../src-main/test-support/campaign-file-text';

const FULL = process.env.RELIABILITY_FULL === '1' || process.env.npm_lifecycle_event === 'test:reliability';
/** How many cases of each generated kind `npm test` tries (the full run tries them all). */
const SHORT = 4;

const counts = {
  hostileImportsTried: 0,
  hostileImportsRefused: 0,
  hostileImportsAcceptedHarmless: 0,
  hostileImportsAcceptedThatShouldBeRefused: 0,
  hostileImportsWithoutReason: 0,
  hostileImportsPartlyApplied: 0,
  rowsChangedOutsideImportedCampaign: 0,
  forgedRulesetHashesReachingAnotherCampaign: 0,
};
const failures: string[] = [];

afterAll(() => {
  mergeReliabilityReport({ ...counts, hostileImportsFull: FULL, hostileImportFailures: failures });
});

interface Case {
  name: string;
  file: CampaignJson | string;
  /** Only a file that reuses the victim's ids as its own (consistently) may import. */
  mayImport?: boolean;
}

const take = <T>(xs: T[]) => (FULL ? xs : xs.slice(0, SHORT));

/** The file with one change. */
function edit(file: CampaignJson, change: (f: CampaignJson) => void): CampaignJson {
  const out = structuredClone(file);
  change(out);
  return out;
}

/** Every reference of the file pointed at the victim's rows, one at a time; numbers blown up entry by entry. */
function generatedCases(file: CampaignJson, victim: Victim, victimLedgerId: string): Case[] {
  const cases: Case[] = [];
  const add = (name: string, change: (f: CampaignJson) => void) => cases.push({ name, file: edit(file, change) });
  take(file.ledger.map((_, i) => i)).forEach((i) => add(`ledger[${i}].teamId → victim team`, (f) => void (f.ledger[i]!.teamId = victim.teamId)));
  take(file.ledger.flatMap((e, i) => (e.gameId ? [i] : []))).forEach((i) =>
    add(`ledger[${i}].gameId → victim game`, (f) => void (f.ledger[i]!.gameId = victim.gameId)),
  );
  take(file.ledger.flatMap((e, i) => ('team' in e.data ? [i] : []))).forEach((i) => {
    add(`ledger[${i}].data.team → victim team`, (f) => void (f.ledger[i]!.data.team = victim.teamId));
    add(`ledger[${i}].data.gameId → victim game`, (f) => void (f.ledger[i]!.data.gameId = victim.gameId));
    // Its own id (row and data alike) is the victim's: not a reference, so it may import, under a fresh id.
    cases.push({
      name: `ledger[${i}] id → a victim ledger entry's id`,
      mayImport: true,
      file: edit(file, (f) => Object.assign(f.ledger[i]!, { id: victimLedgerId }, { data: { ...f.ledger[i]!.data, id: victimLedgerId } })),
    });
  });
  take(file.rolls.map((_, i) => i)).forEach((i) => add(`rolls[${i}].gameId → victim game`, (f) => void (f.rolls[i]!.gameId = victim.gameId)));
  file.teams.forEach((_, i) => {
    add(`teams[${i}].playerId → victim player`, (f) => void (f.teams[i]!.playerId = victim.playerId));
    add(`teams[${i}].teamListId → library list`, (f) => void (f.teams[i]!.teamListId = victim.teamListId));
  });
  file.games.forEach((g, i) => {
    add(`games[${i}].teamAId → victim team`, (f) => void (f.games[i]!.teamAId = victim.teamId));
    add(`games[${i}].teamBId → victim team`, (f) => void (f.games[i]!.teamBId = victim.teamId));
    for (const part of ['plan', 'report'] as const) {
      if (g[part])
        add(
          `games[${i}].${part}.sides.b.teamId → victim team`,
          (f) => void ((f.games[i]![part] as { sides: { b: { teamId: string } } }).sides.b.teamId = victim.teamId),
        );
    }
    // An applied game carries no draft from format 3; an older file's stand-in draft (its report again) is still read.
    add(`games[${i}].draft.report.sides.a.teamId → victim team`, (f) => {
      const game = f.games[i]!;
      if (game.draft === null) {
        const none = { otherAwards: [], expAwards: [] };
        game.draft = { step: 'review', report: structuredClone(game.report), awards: { a: none, b: none }, recruits: [] };
      }
      (game.draft as { report: { sides: { a: { teamId: string } } } }).report.sides.a.teamId = victim.teamId;
    });
  });
  // Rows added that name the victim's rows.
  add('a Req adjustment on the victim team', (f) =>
    f.ledger.push({
      ...f.ledger[0]!,
      id: 'x-adjust',
      teamId: victim.teamId,
      modelId: null,
      kind: 'req.adjusted',
      req: 5001,
      data: { kind: 'req.adjusted' },
      reason: 'Requisition +5001',
    }),
  );
  add('a roll on the victim game', (f) => f.rolls.push({ ...f.rolls[0]!, gameId: victim.gameId, seq: 500 }));
  add('a team for the victim player', (f) => f.teams.push({ ...f.teams[0]!, id: 'x-team', name: 'Stolen', playerId: victim.playerId }));
  add('a game between the victim team and a file team', (f) => f.games.push({ ...f.games[0]!, id: 'x-game', number: 99, teamAId: victim.teamId }));
  // Numbers no game or edit could make.
  take(file.ledger.flatMap((e, i) => (e.req !== 0 ? [i] : []))).forEach((i) => add(`ledger[${i}].req × 1000`, (f) => void (f.ledger[i]!.req *= 1000)));
  take(file.ledger.flatMap((e, i) => (typeof e.data.amount === 'number' ? [i] : []))).forEach((i) =>
    add(`ledger[${i}].data.amount × 100000`, (f) => void (f.ledger[i]!.data.amount = (f.ledger[i]!.data.amount as number) * 100_000)),
  );
  for (const key of ['vpA', 'vpB']) add(`games[0].${key} + 1`, (f) => void ((f.games[0] as Record<string, number>)[key]! += 1));
  return cases;
}

/** The file with its own ids replaced, everywhere and consistently, by the victim's: it may import, as a copy. */
function sameIdsAsVictim(file: CampaignJson, victim: Victim, text: string): Case {
  const map: [string, string][] = [
    [file.teams[0]!.id, victim.teamId],
    [file.games[0]!.id, victim.gameId],
    [file.players[0]!.id, victim.playerId],
  ];
  let out = text;
  for (const [from, to] of map) out = out.replaceAll(from, to);
  return { name: 'the file’s own team, game and player carry the victim’s ids', file: out, mayImport: true };
}

async function tryCase(club: Core, c: Case, n: number): Promise<void> {
  const json = typeof c.file === 'string' ? (JSON.parse(c.file) as CampaignJson) : c.file;
  // A name and an identity across laptops of its own, so a case is never refused only because an earlier one imported,
  // nor taken for a newer copy of it (issue 22: those are tried in src-main/handlers/hand-over.test.ts).
  json.campaign.name = `Hostile ${n}`;
  json.campaign.originId = `hostile-case-${n}`;
  const before = snapshotTables(club);
  const outside = rowsOutside(club, null);
  counts.hostileImportsTried++;
  const r = await club.invoke('campaigns.importFile', { source: 'upload', fileName: 'crafted.json', text: JSON.stringify(json) });
  if (r.ok) {
    const id = (r.value as { campaign: Campaign }).campaign.id;
    const changed = rowsChanged(outside, rowsOutside(club, id));
    counts.rowsChangedOutsideImportedCampaign += changed;
    if (c.mayImport) counts.hostileImportsAcceptedHarmless++;
    else {
      counts.hostileImportsAcceptedThatShouldBeRefused++;
      failures.push(`accepted: ${c.name}`);
    }
    if (changed > 0) failures.push(`${changed} rows changed outside: ${c.name}`);
    return;
  }
  counts.hostileImportsRefused++;
  if (r.error.code !== 'VALIDATION' || !r.error.message || /report this/i.test(r.error.message)) {
    counts.hostileImportsWithoutReason++;
    failures.push(`no reason (${r.error.code}: ${r.error.message}): ${c.name}`);
  }
  if (JSON.stringify(snapshotTables(club)) !== JSON.stringify(before)) {
    counts.hostileImportsPartlyApplied++;
    failures.push(`partly applied: ${c.name}`);
  }
}

describe('hostile campaign imports (issue 16)', () => {
  it('crafted files never change another campaign: refused with a reason, or imported inside their own campaign', async () => {
    let n = 0;
    const home = testCore(tempDir('herald-hostile-home-'), { newId: () => `33333333-0000-4000-8000-${String(++n).padStart(12, '0')}` });
    const played = await playedCampaign(home, { name: 'Vraks' });
    // More games in the full run (more references to point elsewhere), and a game still in draft in both.
    for (let g = 0; g < (FULL ? 3 : 0) + 1; g++) {
      const game = await call<GameDetail>(home, 'games.create', {
        campaignId: played.campaign.id,
        teamA: played.teamB,
        teamB: played.teamA,
        mission: 'skirmish',
      });
      if (g < (FULL ? 3 : 0)) await call(home, 'games.commit', { id: game.game.id });
    }
    const text = await jsonText(await call<{ base64: string }>(home, 'campaigns.exportFile', { id: played.campaign.id, destination: 'download' }));
    home.close();
    const club = testCore(tempDir('herald-hostile-club-'));
    const v = await playedCampaign(club, { name: 'Iron Vigil' });
    const victimFile = JSON.parse(
      await jsonText(await call<{ base64: string }>(club, 'campaigns.exportFile', { id: v.campaign.id, destination: 'download' })),
    ) as CampaignJson;
    const victim: Victim = { campaignId: v.campaign.id, teamId: v.teamA, gameId: v.game, playerId: v.player, teamListId: victimFile.teamLists[0]!.id };
    const file = JSON.parse(text) as CampaignJson;

    const cases: Case[] = [
      ...hostileCases(file, victim).map((c) => ({ name: `point ${c.point}: ${c.name}`, file: c.text })),
      ...generatedCases(file, victim, victimFile.ledger[0]!.id),
      sameIdsAsVictim(file, victim, text),
      { name: 'the victim’s own file, under another name', file: victimFile, mayImport: true },
    ];
    let i = 0;
    for (const c of cases) await tryCase(club, c, ++i);
    club.close();
    expect(failures).toEqual([]);
    expect(counts.rowsChangedOutsideImportedCampaign).toBe(0);
    expect(counts.hostileImportsTried).toBeGreaterThanOrEqual(FULL ? 150 : 60);
  }, 600_000);

  it('a ruleset row with a forged hash, read first after a restart, never becomes another campaign’s rules', async () => {
    const dir = tempDir('herald-hostile-hash-');
    const core = testCore(dir);
    const victim = await call<Campaign>(core, 'campaigns.create', { name: 'Victim' });
    const forger = await call<Campaign>(core, 'campaigns.create', { name: 'Forger' });
    const preset = battleHonoursPreset();
    const forged = structuredClone(preset);
    for (const row of forged.progression.injuries.core!.rows) Object.assign(row, { result: 'dead', text: 'Dead.' });
    for (const award of forged.progression.requisition.awards!) award.req = 500;
    core.opened.sqlite
      .prepare(
        `INSERT INTO campaign_rulesets (campaign_id, ruleset_id, name, version, content, hash, reason, pinned_at) VALUES (?, ?, ?, ?, ?, ?, 'Forged', ?)`,
      )
      .run(forger.id, forged.id, forged.name, forged.version, JSON.stringify(forged), contentHash(preset), '2026-11-02T00:00:00.000Z');
    core.close();
    const again = testCore(dir);
    await call<RulesetView>(again, 'rulesets.current', { id: forger.id });
    const seen = await call<RulesetView>(again, 'rulesets.current', { id: victim.id });
    again.close();
    if (JSON.stringify(seen.ruleset.progression.requisition.awards) !== JSON.stringify(preset.progression.requisition.awards))
      counts.forgedRulesetHashesReachingAnotherCampaign++;
    expect(counts.forgedRulesetHashesReachingAnotherCampaign).toBe(0);
  });
});
