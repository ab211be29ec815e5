/**
 * A valid call on every channel of shared/ipc/contract.ts, in an order a club would make them (a campaign, players,
 * two founded teams, a game committed and voided, files through the dialogs, a backup restored), for the edge test.
 * `call` sends one request and gives back its answer. A channel added to the contract needs a line here: the edge
 * test fails naming every channel this scenario did not call.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Result } from '../../../shared/ipc/result';

export type Call = (channel: string, input: unknown) => Promise<Result<unknown>>;
export type Answer = (kind: 'showOpenDialog' | 'showSaveDialog', answer: unknown) => Promise<void>;

const readIfThere = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '{}');

/** Stands for an id that does not exist, where a step before could not make one. */
const MISSING = '00000000-0000-4000-8000-00000000dead';

interface Row {
  id: string;
  [key: string]: unknown;
}

export async function callEveryChannel(call: Call, answer: Answer, folder: string) {
  /** Every answer, by channel. */
  const answers = new Map<string, Result<unknown>[]>();
  const run = async <T = Row>(channel: string, input: unknown): Promise<T | undefined> => {
    const result = await call(channel, input);
    answers.set(channel, [...(answers.get(channel) ?? []), result]);
    return result.ok ? (result.value as T) : undefined;
  };
  const saveTo = (name: string) => answer('showSaveDialog', { canceled: false, filePath: path.join(folder, name) });
  const openFrom = (name: string) => answer('showOpenDialog', { canceled: false, filePaths: [path.join(folder, name)] });

  await run('app.info', {});
  await run('app.dismissRecovery', {});
  await run('campaigns.list', { includeArchived: true });
  await run('campaigns.createSample', {});
  const campaign = (await run('campaigns.create', { name: 'Edge of Vraks' }))?.id ?? MISSING;
  await run('campaigns.get', { id: campaign });
  await run('campaigns.rename', { id: campaign, name: 'Edge of Vraks II' });
  await run('campaigns.settings', { id: campaign });
  await run('campaigns.updateSettings', { id: campaign, diceMode: 'app' });

  const lists = (await run<{ id: string; listKey: string }[]>('teamLists.list', {})) ?? [];
  const listId = (key: string) => lists.find((l) => l.listKey === key)?.id ?? MISSING;
  const marinesList = listId('space-marines-sample');
  const detail = await run<{ id: string; list: unknown; revision: number }>('teamLists.get', { id: marinesList });
  await saveTo('marines.json');
  await run('teamLists.export', { id: marinesList, destination: 'dialog' });
  await openFrom('marines.json');
  await run('teamLists.import', { source: 'dialog' });
  const list = detail?.list ?? {};
  await run('teamLists.impact', { id: marinesList, list });
  await run('teamLists.update', { id: marinesList, list, expectedRevision: detail?.revision ?? 1 });
  await run('teamLists.create', { list: { ...(list as object), id: 'edge-copy', name: 'Edge copy' } });
  await run('teamLists.usage', { id: marinesList });

  const player = async (name: string) => (await run('players.create', { campaignId: campaign, name }))?.id ?? MISSING;
  const alice = await player('Alice');
  const bob = await player('Bob');
  const carol = await player('Carol');
  await run('players.list', { campaignId: campaign });
  await run('players.rename', { id: carol, name: 'Caroline' });
  await run('players.retire', { id: carol });
  await run('players.unretire', { id: carol });

  const team = async (playerId: string, key: string, name: string) =>
    (await run<{ team: Row }>('teams.create', { campaignId: campaign, playerId, teamListId: listId(key), name }))?.team.id ?? MISSING;
  const marines = await team(alice, 'space-marines-sample', 'Iron Wolves');
  const orks = await team(bob, 'orks-sample', 'Da Boyz');
  const model = (id: string, entryId: string, name: string, options: Record<string, number> = {}) => ({
    id,
    entryId,
    name,
    options,
    armoury: [],
    grenades: {},
  });
  const sergeant = model('edge-sm-1', 'sergeant', 'Sergeant Tarkus', { 'power-sword': 1 });
  await run('teams.saveDraft', {
    id: marines,
    roster: {
      models: [
        sergeant,
        model('edge-sm-2', 'veteran', 'Brother Kaelen', { 'plasma-gun': 1 }),
        ...['Cato', 'Varro', 'Lucan'].map((n, i) => model(`edge-sm-${i + 3}`, 'tactical-marine', `Brother ${n}`)),
      ],
    },
  });
  await run('teams.saveDraft', {
    id: orks,
    roster: {
      models: [
        model('edge-ork-1', 'boss-nob', 'Gorbag'),
        model('edge-ork-2', 'burna-boy', 'Skorcha'),
        ...['Grub', 'Snik', 'Mek', 'Zog'].map((n, i) => model(`edge-ork-${i + 3}`, 'boy', n)),
      ],
    },
  });
  await run('teams.found', { id: marines });
  await run('teams.found', { id: orks });
  await run('teams.list', { campaignId: campaign });
  await run('teams.get', { id: marines });
  await run('teams.rename', { id: marines, name: 'Iron Wolves of Fenris' });
  await run('teams.adjustRequisition', { id: marines, amount: 40, reason: 'Edge test: a club award' });
  const awarded = await run<{ ledger: Row[] }>('teams.get', { id: marines });
  await run('teams.undo', { id: marines, entryId: awarded?.ledger.at(-1)?.id ?? MISSING });
  await run('teams.recruit', { id: marines, model: model('edge-sm-9', 'tactical-marine', 'Brother Nox') });
  await run('teams.changeModel', { id: marines, model: { ...sergeant, name: 'Sergeant Tarkus the Bold' } });
  await run('teams.reserve', { id: marines, modelId: 'edge-sm-9', inReserve: true });
  await run('teams.reserve', { id: marines, modelId: 'edge-sm-9', inReserve: false });
  await run('teams.parkGear', { id: marines, modelId: 'edge-sm-9', item: 'auspex' });
  await run('teams.fitGear', { id: marines, modelId: 'edge-sm-9', item: 'auspex' });
  await run('teams.dismiss', { id: marines, modelId: 'edge-sm-9', reason: 'Edge test' });
  await run('teamLists.changesForTeam', { teamId: marines });

  const game = await run<{ game: Row; draft: Record<string, unknown> }>('games.create', {
    campaignId: campaign,
    teamA: marines,
    teamB: orks,
    mission: 'relic-hunt',
  });
  const gameId = game?.game.id ?? MISSING;
  await run('games.get', { id: gameId });
  await run('games.choose', { id: gameId, choice: 'deploy', value: 'second' });
  await run('games.list', { campaignId: campaign });
  await run('games.enterRoll', { id: gameId, key: 'edge|test|1', faces: [3] });
  // Issue 33: the game at the table, then "Game over" fills the draft (saved over again just below).
  await run('table.get', { gameId });
  await run('table.tap', { gameId, event: { kind: 'turn', turn: 1 } });
  await run('table.undo', { gameId });
  await run('table.gameOver', { gameId, ending: { kind: 'turns' } });
  // Issue 32: the wizard previews in the window from its context and keeps only its draft row.
  await run('games.previewContext', { id: gameId });
  await run('games.keepDraft', { id: gameId, draft: { ...(game?.draft ?? {}), step: 'review' } });
  await run('games.saveDraft', { id: gameId, draft: { ...(game?.draft ?? {}), step: 'review' } });
  await run('games.commit', { id: gameId });
  const amend = await run<{ draft: unknown }>('games.previewAmend', { id: gameId });
  await run('games.amend', { id: gameId, draft: amend?.draft ?? {}, reason: 'Edge test: a kill given to the wrong model' });
  await run('games.amendments', { id: gameId });
  await run('teams.history', { id: marines });
  await run('models.history', { teamId: marines, modelId: sergeant.id });
  // Issue 31: the search palette finds the sergeant by name.
  await run('search.query', { query: 'Edge' });
  await run('campaigns.standings', { id: campaign });
  await run('campaigns.bulletin', { id: campaign });
  await run('campaigns.progress', { id: campaign });
  await run('teams.progress', { id: marines });
  // The Club Wi-Fi view, on loopback only (tests never listen on a network address), switched off again at once.
  await run('lan.status', {});
  await run('lan.start', { address: '127.0.0.1', port: 0 });
  await run('lan.stop', {});
  await run('notes.set', { campaignId: campaign, subjectKind: 'game', subjectId: gameId, text: 'Edge test: a short battle report.' });
  await run('notes.set', { campaignId: campaign, subjectKind: 'model', subjectId: sergeant.id, text: 'Edge test: held the line.' });
  await run('notes.list', { campaignId: campaign });
  await run('campaigns.records', { id: campaign });
  await saveTo('standings.csv');
  await run('campaigns.exportCsv', { id: campaign, table: 'standings', destination: 'dialog' });
  await run('games.voidPlan', { id: gameId });
  await run('games.void', { id: gameId, reason: 'Edge test: entered twice', withDependents: true });
  const second = await run<{ game: Row }>('games.create', { campaignId: campaign, teamA: orks, teamB: marines });
  await run('games.discard', { id: second?.game.id ?? MISSING });

  const ruleset = await run<{ ruleset: unknown; hash: string }>('rulesets.current', { id: campaign });
  await run('rulesets.preview', { campaignId: campaign, ruleset: ruleset?.ruleset ?? {} });
  await run('rulesets.apply', { campaignId: campaign, ruleset: ruleset?.ruleset ?? {}, expectedHash: ruleset?.hash ?? '', reason: 'Edge test: pinned again' });
  await saveTo('ruleset.json');
  await run('rulesets.export', { campaignId: campaign, destination: 'dialog' });
  await openFrom('ruleset.json');
  await run('rulesets.import', { campaignId: campaign, source: 'dialog' });
  // A ruleset file dropped onto the window (read here as the preload would hand it over).
  await run('files.importDropped', { fileName: 'ruleset.json', text: readIfThere(path.join(folder, 'ruleset.json')), campaignId: campaign });

  await saveTo('bulletin.pdf');
  await run('print.pdf', { kind: 'bulletin', id: campaign, paper: 'a4', fileName: 'Bulletin' });
  // Issue 31: the saved PDF opened from the message; the system print dialog (the stand-in's organiser cancels it).
  await run('print.openSaved', { path: path.join(folder, 'bulletin.pdf'), how: 'open' });
  await run('print.system', { kind: 'pack', id: campaign, paper: 'a4' });
  await run('app.logError', { kind: 'error', message: 'Edge test: an error in the window', source: 'app://herald/assets/index.js', line: 1 });

  await saveTo('campaign.herald-campaign');
  await run('campaigns.exportFile', { id: campaign, destination: 'dialog' });
  // The club keeps both: the file comes in as a copy under a new name (issue 22).
  await run('campaigns.rename', { id: campaign, name: 'Edge of Vraks (here)' });
  await openFrom('campaign.herald-campaign');
  await run('campaigns.importFile', { source: 'dialog', asCopy: { name: 'Edge of Vraks (copy)' } });
  await run('campaigns.archive', { id: campaign });
  await run('campaigns.unarchive', { id: campaign });
  // Issue 22: handed to another laptop (read-only here), then taken back.
  await saveTo('handed-over.herald-campaign');
  await run('campaigns.handOver', { id: campaign, to: 'Edge laptop', destination: 'dialog' });
  await run('campaigns.takeBack', { id: campaign });

  const backup = await run<{ file: string }>('backups.create', {});
  await run('backups.list', {});
  await run('backups.restore', { file: backup?.file ?? 'missing.sqlite' });
  // Issue 20: a campaign deleted, then just it restored from the backup taken before.
  const doomed = (await run('campaigns.create', { name: 'Edge mistake' }))?.id ?? MISSING;
  const doomedPlayer = (await run('players.create', { campaignId: doomed, name: 'Edge Eve' }))?.id ?? MISSING;
  const library = (await run<Row[]>('teamLists.list', {})) ?? [];
  const mistake = await run<{ team: Row }>('teams.create', {
    campaignId: doomed,
    playerId: doomedPlayer,
    teamListId: library[0]?.id ?? MISSING,
    name: 'Edge typo',
  });
  await run('teams.delete', { id: mistake?.team.id ?? MISSING });
  const deleted = await run<{ backup: { file: string } }>('campaigns.delete', { id: doomed, confirmName: 'Edge mistake' });
  await run('backups.campaigns', { file: deleted?.backup.file ?? 'missing.sqlite' });
  await run('backups.restoreCampaign', { file: deleted?.backup.file ?? 'missing.sqlite', campaignId: doomed });
  return answers;
}
