/**
 * Over 400 lines: every channel and event named once, the one place to look (by design).
 * THE IPC contract: every channel the renderer may call and every event main may send, named once, each with its zod
 * schemas. The preload allowlist, the typed renderer client, the browser bridge and dispatch() all derive from here.
 * Channels are `domain.verb` (or `domain.what` for a read); events are `domain.changed` when something of a domain
 * changed, otherwise a name for what happened (`app.restored`, `app.recoveryEnded`, `menu.newCampaign`, `menu.command`).
 */
import { z } from 'zod';
import { AppInfo, Empty } from './schemas/app';
import {
  Campaign,
  CampaignCreateInput,
  CampaignIdInput,
  CampaignRenameInput,
  CampaignsListInput,
  CampaignExportInput,
  CampaignExportResult,
  CampaignImportInput,
  CampaignImportResult,
  CampaignHandOverInput,
  CampaignHandOverResult,
  CampaignSampleResult,
} from './schemas/campaigns';
import {
  CampaignScopedInput,
  Player,
  PlayerCreateInput,
  PlayerIdInput,
  PlayerRenameInput,
  TeamAdjustReqInput,
  TeamChangeModelInput,
  TeamCreateInput,
  TeamDetail,
  TeamDismissInput,
  TeamGearInput,
  TeamReserveInput,
  TeamIdInput,
  TeamListDetail,
  TeamListExportInput,
  TeamListExportResult,
  TeamListImportInput,
  TeamListImportResult,
  TeamListSummary,
  TeamListUpdateInput,
  TeamListCreateInput,
  TeamListImpactInput,
  TeamListImpact,
  TeamListSaved,
  TeamListUsage,
  TeamListChangeNotice,
  TeamListChangesForTeamInput,
  TeamRecruitInput,
  TeamRenameInput,
  TeamSaveDraftInput,
  TeamSummary,
} from './schemas/teams';
import { TableGameInput, TableGameOverInput, TableTapInput, TableUndoInput, TableView } from './schemas/table';
import {
  CampaignSettingsView,
  CampaignSettingsInput,
  GameChooseInput,
  GameDetail,
  GameEnterRollInput,
  GameIdInput,
  GameSaveDraftInput,
  GamePreviewContext,
  GameDraftKept,
  GameSetup,
  GameSummary,
  GameVoidInput,
  GamesListInput,
  ModelHistory,
  StandingRow,
  TeamHistory,
  VoidPlan,
} from './schemas/games';
import {
  Bulletin,
  PrintKind,
  PrintOpenSavedInput,
  PrintOpenSavedResult,
  PrintPdfInput,
  PrintPdfResult,
  PrintSystemInput,
  PrintSystemResult,
} from './schemas/print';
import { RendererErrorInput, RendererErrorResult } from './schemas/renderer-log';
import { BackupFileInput, BackupRestoreResult, BackupView } from './schemas/backups';
import {
  BackupCampaign,
  BackupCampaignInput,
  BackupCampaignResult,
  CampaignDeleteInput,
  CampaignDeleteResult,
  TeamDeleteInput,
  TeamDeleteResult,
  TeamUndoInput,
  TeamUndoResult,
} from './schemas/mistakes';
import {
  RulesetApplyInput,
  RulesetExportInput,
  RulesetExportResult,
  RulesetImportInput,
  RulesetImportResult,
  RulesetPreview,
  RulesetPreviewInput,
  RulesetView,
} from './schemas/rulesets';
import { DroppedFileInput, DroppedFileResult } from './schemas/files';
import { CampaignRecordView, CsvExportInput, CsvExportResult, Note, NoteSetInput, NoteSetResult, NoteSubjectKind, NotesListInput } from './schemas/narrative';
import { LanStartInput, LanStatus } from './schemas/lan';
import { CampaignProgress, TeamProgress } from './schemas/progress';
import { AmendPreview, GameAmendInput, GameAmendments, GamePreviewAmendInput } from './schemas/amend';
import { SearchInput, SearchResult } from './schemas/search';

interface ChannelSpec<I extends z.ZodType, O extends z.ZodType> {
  input: I;
  output: O;
  /** One line for the channel index in docs/ipc.md and for error messages. */
  summary: string;
}
const channel = <I extends z.ZodType, O extends z.ZodType>(spec: ChannelSpec<I, O>) => spec;

export const channels = {
  'app.info': channel({ input: Empty, output: AppInfo, summary: 'Version, mode and where the campaign file lives.' }),
  'app.dismissRecovery': channel({
    input: Empty,
    output: AppInfo,
    summary: 'Keep the empty campaign file Herald started after setting a damaged, foreign or newer file aside (ends the recovery).',
  }),

  'campaigns.list': channel({
    input: CampaignsListInput,
    output: z.array(Campaign),
    summary: 'Campaigns on this computer, newest first; archived ones only when asked.',
  }),
  'campaigns.get': channel({ input: CampaignIdInput, output: Campaign, summary: 'One campaign.' }),
  'campaigns.create': channel({
    input: CampaignCreateInput,
    output: Campaign,
    summary: 'Create a campaign (name, points limit).',
  }),
  'campaigns.createSample': channel({
    input: Empty,
    output: CampaignSampleResult,
    summary: 'Make the sample campaign to explore (players, teams and played games, marked as a sample), or give the one already here.',
  }),
  'campaigns.rename': channel({ input: CampaignRenameInput, output: Campaign, summary: 'Rename a campaign.' }),
  'campaigns.archive': channel({
    input: CampaignIdInput,
    output: Campaign,
    summary: 'Archive a campaign: hidden from the home list, nothing deleted.',
  }),
  'campaigns.unarchive': channel({ input: CampaignIdInput, output: Campaign, summary: 'Bring an archived campaign back.' }),
  'campaigns.exportFile': channel({
    input: CampaignExportInput,
    output: CampaignExportResult,
    summary: 'Export a whole campaign to one file (to move it to another laptop or keep a copy).',
  }),
  'campaigns.importFile': channel({
    input: CampaignImportInput,
    output: CampaignImportResult,
    summary: 'Import a campaign file: all of it in one transaction, or nothing, with the reason.',
  }),
  'campaigns.handOver': channel({
    input: CampaignHandOverInput,
    output: CampaignHandOverResult,
    summary: 'Hand a campaign to another laptop: export it and make it read-only here until a newer copy comes back.',
  }),
  'campaigns.takeBack': channel({
    input: CampaignIdInput,
    output: Campaign,
    summary: 'Take a handed-over campaign back: writable here again (games entered on the other laptop will not come back).',
  }),
  'campaigns.settings': channel({ input: CampaignIdInput, output: CampaignSettingsView, summary: 'The club’s dice mode and optional rules for a campaign.' }),
  'campaigns.updateSettings': channel({
    input: CampaignSettingsInput,
    output: CampaignSettingsView,
    summary: 'Change the dice mode and optional rules (used by games set up afterwards).',
  }),
  'campaigns.standings': channel({
    input: CampaignIdInput,
    output: z.array(StandingRow),
    summary: 'Standings: games, W/D/L, VP, requisition and Threat of every team.',
  }),
  'campaigns.progress': channel({
    input: CampaignIdInput,
    output: CampaignProgress,
    summary: 'Standings over time (issue 33): the leading teams’ wins after each game night, for the charts.',
  }),

  'teamLists.list': channel({ input: Empty, output: z.array(TeamListSummary), summary: 'The team-list library (samples and imports).' }),
  'teamLists.get': channel({ input: TeamIdInput, output: TeamListDetail, summary: 'One team list, whole.' }),
  'teamLists.import': channel({
    input: TeamListImportInput,
    output: TeamListImportResult,
    summary: 'Import a team-list JSON file (main’s open dialog, or an upload in browser mode).',
  }),
  'teamLists.export': channel({
    input: TeamListExportInput,
    output: TeamListExportResult,
    summary: 'Export a team list as JSON (main’s save dialog, or a download in browser mode).',
  }),
  'teamLists.update': channel({
    input: TeamListUpdateInput,
    output: TeamListSaved,
    summary: 'Save edits made in the team-list editor (a new revision); says what changed for each team built on it.',
  }),
  'teamLists.create': channel({ input: TeamListCreateInput, output: TeamListDetail, summary: 'Add a new team list (blank or a copy) made in the editor.' }),
  'teamLists.impact': channel({
    input: TeamListImpactInput,
    output: TeamListImpact,
    summary: 'Preview what an edited list would change for each team built on it, model by model.',
  }),
  'teamLists.usage': channel({
    input: TeamIdInput,
    output: TeamListUsage,
    summary: 'The teams and models built on a list (named before an entry they use is removed).',
  }),
  'teamLists.changesForTeam': channel({
    input: TeamListChangesForTeamInput,
    output: z.array(TeamListChangeNotice),
    summary: 'What saved versions of its team list changed for one team.',
  }),

  'players.list': channel({ input: CampaignScopedInput, output: z.array(Player), summary: 'Players of a campaign.' }),
  'players.create': channel({ input: PlayerCreateInput, output: Player, summary: 'Add a player to a campaign.' }),
  'players.rename': channel({ input: PlayerRenameInput, output: Player, summary: 'Rename a player.' }),
  'players.retire': channel({ input: PlayerIdInput, output: Player, summary: 'Retire a player (kept in the history).' }),
  'players.unretire': channel({ input: PlayerIdInput, output: Player, summary: 'Bring a retired player back.' }),

  'teams.list': channel({ input: CampaignScopedInput, output: z.array(TeamSummary), summary: 'Teams of a campaign, with points and legality.' }),
  'teams.get': channel({ input: TeamIdInput, output: TeamDetail, summary: 'A team: list, roster, validation report and ledger.' }),
  'teams.create': channel({ input: TeamCreateInput, output: TeamDetail, summary: 'A new team for a player, from a team list.' }),
  'teams.rename': channel({ input: TeamRenameInput, output: TeamDetail, summary: 'Rename a team.' }),
  'teams.saveDraft': channel({ input: TeamSaveDraftInput, output: TeamDetail, summary: 'Save the roster of a team not yet founded (legal or not).' }),
  'teams.found': channel({ input: TeamIdInput, output: TeamDetail, summary: 'Lock a legal roster as the team’s founding roster.' }),
  'teams.recruit': channel({ input: TeamRecruitInput, output: TeamDetail, summary: 'Recruit a model into a founded team (spends Req).' }),
  'teams.changeModel': channel({ input: TeamChangeModelInput, output: TeamDetail, summary: 'Rename a model or buy wargear for it (spends Req).' }),
  'teams.dismiss': channel({ input: TeamDismissInput, output: TeamDetail, summary: 'Dismiss a model from a founded team.' }),
  'teams.reserve': channel({ input: TeamReserveInput, output: TeamDetail, summary: 'Park a model in Tactical Reserves, or bring it back.' }),
  'teams.parkGear': channel({ input: TeamGearInput, output: TeamDetail, summary: 'Park an Armoury item a model holds in Tactical Reserves.' }),
  'teams.fitGear': channel({ input: TeamGearInput, output: TeamDetail, summary: 'Fit parked gear to an eligible model, without paying again.' }),
  'teams.adjustRequisition': channel({ input: TeamAdjustReqInput, output: TeamDetail, summary: 'Add or remove Req by hand, with a reason.' }),
  'teams.undo': channel({
    input: TeamUndoInput,
    output: TeamUndoResult,
    summary:
      'Undo an organiser action (recruit, dismissal, wargear, rename, Req adjustment, Tactical Reserves move) with a compensating entry, unless a later entry depends on it.',
  }),
  'teams.delete': channel({ input: TeamDeleteInput, output: TeamDeleteResult, summary: 'Delete a team that was never founded (a mistake).' }),
  'campaigns.delete': channel({
    input: CampaignDeleteInput,
    output: CampaignDeleteResult,
    summary: 'Delete a campaign and everything of it, after a verified backup that brings it back.',
  }),

  'rulesets.current': channel({
    input: CampaignIdInput,
    output: RulesetView,
    summary: 'The ruleset pinned to a campaign, its check, history and the shipped presets.',
  }),
  'rulesets.preview': channel({
    input: RulesetPreviewInput,
    output: RulesetPreview,
    summary: 'Check an edited or imported ruleset and say what it changes for the campaign (nothing is saved).',
  }),
  'rulesets.apply': channel({
    input: RulesetApplyInput,
    output: RulesetView,
    summary: 'Pin a new ruleset to the campaign (after the organiser saw the diff); past games are untouched.',
  }),
  'rulesets.export': channel({
    input: RulesetExportInput,
    output: RulesetExportResult,
    summary: 'Export the campaign’s ruleset as one JSON file with its version and hash.',
  }),
  'rulesets.import': channel({
    input: RulesetImportInput,
    output: RulesetImportResult,
    summary: 'Read a ruleset file (main’s open dialog or an upload) and preview it; nothing is applied.',
  }),

  'campaigns.bulletin': channel({
    input: CampaignIdInput,
    output: Bulletin,
    summary: 'The campaign bulletin: standings, latest games, casualties and promotions.',
  }),
  'print.pdf': channel({
    input: PrintPdfInput,
    output: PrintPdfResult,
    summary:
      'Save a roster sheet, game-night kit, bulletin, campaign pack or the evening’s sheet (its pairings in `evening`) as PDF (Electron: printToPDF + save dialog; browser mode: the browser prints).',
  }),
  'print.system': channel({
    input: PrintSystemInput,
    output: PrintSystemResult,
    summary: 'Print a roster sheet, game-night kit, bulletin or campaign pack through the system print dialog (Electron; browser mode: the browser prints).',
  }),
  'print.openSaved': channel({
    input: PrintOpenSavedInput,
    output: PrintOpenSavedResult,
    summary: 'Open a PDF Herald saved this session, or show it in its folder (Electron only).',
  }),
  'app.logError': channel({
    input: RendererErrorInput,
    output: RendererErrorResult,
    summary: 'Write an error of the window (an uncaught error or rejection) to the log file; a few a minute at most.',
  }),

  'backups.list': channel({ input: Empty, output: z.array(BackupView), summary: 'Verified backups of the campaign file, newest first (date, reason, size).' }),
  'backups.create': channel({ input: Empty, output: BackupView, summary: 'Back up the campaign file now (verified before it is kept).' }),
  'backups.restore': channel({
    input: BackupFileInput,
    output: BackupRestoreResult,
    summary: 'Restore a verified backup, after backing up the current state so the restore can be undone.',
  }),
  'backups.campaigns': channel({ input: BackupFileInput, output: z.array(BackupCampaign), summary: 'The campaigns a backup holds, to restore just one.' }),
  'backups.restoreCampaign': channel({
    input: BackupCampaignInput,
    output: BackupCampaignResult,
    summary: 'Restore one campaign from a backup; every other campaign stays as it is now.',
  }),

  'games.list': channel({
    input: GamesListInput,
    output: z.array(GameSummary),
    summary: 'Games of a campaign, newest first, filtered by status, team or mission.',
  }),
  'games.get': channel({
    input: GameIdInput,
    output: GameDetail,
    summary: 'A game: plan, draft, live preview of what it changes, and (once committed) its rolls and entries.',
  }),
  'games.create': channel({
    input: GameSetup,
    output: GameDetail,
    summary: 'Set up a game between two founded teams: roll or choose the mission and make the plan.',
  }),
  'games.enterRoll': channel({
    input: GameEnterRollInput,
    output: GameDetail,
    summary: 'Type in the faces of a physical dice roll the plan or the post-game needs.',
  }),
  'games.choose': channel({
    input: GameChooseInput,
    output: GameDetail,
    summary: 'Record or change a player’s answer to one of the plan’s choices (deploy first or second, the Attacker, the first turn).',
  }),
  'games.saveDraft': channel({ input: GameSaveDraftInput, output: GameDetail, summary: 'Save the result wizard’s state; returns the recomputed preview.' }),
  'games.previewContext': channel({
    input: GameIdInput,
    output: GamePreviewContext,
    summary: 'What the result wizard previews a draft from in the window (the teams, ruleset and Threats the commit resolves with).',
  }),
  'games.keepDraft': channel({
    input: GameSaveDraftInput,
    output: GameDraftKept,
    summary: 'Save the result wizard’s state only (the window previews it itself); nothing is recomputed.',
  }),
  'games.discard': channel({ input: GameIdInput, output: GameSummary, summary: 'Throw away a draft game (nothing was applied).' }),
  'games.commit': channel({
    input: GameIdInput,
    output: GameDetail,
    summary: 'Apply a finished draft: game, report, rolls and ledger entries in one transaction.',
  }),
  'games.voidPlan': channel({ input: GameIdInput, output: VoidPlan, summary: 'What voiding a game would reverse, and what later depends on it.' }),
  'games.void': channel({
    input: GameVoidInput,
    output: GameSummary,
    summary: 'Void a committed game: exactly its ledger entries are reversed (and its dependents when asked).',
  }),
  'games.previewAmend': channel({
    input: GamePreviewAmendInput,
    output: AmendPreview,
    summary: 'Amending a committed game: the amended result, the ledger entries it adds, removes and changes, and what later depends on them.',
  }),
  'games.amend': channel({
    input: GameAmendInput,
    output: GameDetail,
    summary: 'Amend a committed game in one transaction, the reason and the report before it kept in its history.',
  }),
  'games.amendments': channel({
    input: GameIdInput,
    output: GameAmendments,
    summary: 'A committed game’s amendments: when, why, what changed, the report before.',
  }),
  'table.get': channel({
    input: TableGameInput,
    output: TableView,
    summary: 'A game at the table (issue 33): the turn, counters, every model’s state and the start-of-turn prompts, folded from its tap log.',
  }),
  'table.tap': channel({
    input: TableTapInput,
    output: TableView,
    summary: 'Append one tap to a game’s table log (one durable write); returns the table’s state with it.',
  }),
  'table.undo': channel({ input: TableUndoInput, output: TableView, summary: 'Take back the last tap (an undo is a tap of its own: the log only grows).' }),
  'table.gameOver': channel({
    input: TableGameOverInput,
    output: GameDetail,
    summary: '“Game over”: the ending tapped, and the result wizard’s draft filled in from the table (nothing reaches the ledger).',
  }),
  'teams.history': channel({
    input: TeamIdInput,
    output: TeamHistory,
    summary: 'A team’s games and each model’s history (games, kills, EXP, injuries, advances, death).',
  }),
  'teams.progress': channel({
    input: TeamIdInput,
    output: TeamProgress,
    summary: 'A team’s Threat and Req after each game night, and each model’s career (EXP, level, injuries per game), for the charts.',
  }),
  'models.history': channel({
    input: z.object({ teamId: TeamIdInput.shape.id, modelId: z.string().min(1).max(64) }).strict(),
    output: ModelHistory,
    summary: 'One model’s history.',
  }),
  'notes.list': channel({ input: NotesListInput, output: z.array(Note), summary: 'The campaign’s notes: battle reports on games and notes on models.' }),
  'notes.set': channel({
    input: NoteSetInput,
    output: NoteSetResult,
    summary: 'Write a game’s battle report or a model’s note (blank text removes it); changes no progression.',
  }),
  'campaigns.records': channel({
    input: CampaignIdInput,
    output: z.array(CampaignRecordView),
    summary: 'The campaign’s records (most kills, longest-serving model, most games, longest winning run), voided games left out.',
  }),
  'campaigns.exportCsv': channel({
    input: CsvExportInput,
    output: CsvExportResult,
    summary: 'Export the standings, games or models as a CSV file for a spreadsheet (save dialog, or a download in browser mode).',
  }),
  'files.importDropped': channel({
    input: DroppedFileInput,
    output: DroppedFileResult,
    summary:
      'Import a file dropped onto the window: a campaign file, a ruleset (loaded for the campaign on screen) or a team list, recognised by its content; anything else is refused.',
  }),
  'lan.status': channel({
    input: Empty,
    output: LanStatus,
    summary: 'The Club Wi-Fi view: on or off, its link, the network addresses it can use and how many phones look.',
  }),
  'lan.start': channel({
    input: LanStartInput,
    output: LanStatus,
    summary: 'Switch the read-only Club Wi-Fi view on, on the chosen network address, with a fresh token.',
  }),
  'lan.stop': channel({ input: Empty, output: LanStatus, summary: 'Switch the Club Wi-Fi view off (its link stops working).' }),
  'search.query': channel({
    input: SearchInput,
    output: SearchResult,
    summary: 'Find campaigns, teams, players, models and games by name across every campaign (a few of each kind).',
  }),
} as const;

export const events = {
  /** A campaign was created, renamed, archived or unarchived. */
  'campaigns.changed': z.object({ id: z.string() }).strict(),
  /** The team-list library changed (import, edit, new list). */
  'teamLists.changed': z.object({ id: z.string() }).strict(),
  /** A player of a campaign was added, renamed, retired or brought back. */
  'players.changed': z.object({ campaignId: z.string(), id: z.string() }).strict(),
  /** A team of a campaign changed by itself (roster, founding, its own ledger entries); a game's changes come with games.changed. */
  'teams.changed': z.object({ campaignId: z.string(), id: z.string() }).strict(),
  /** The list of backups changed. */
  'backups.changed': z.object({}).strict(),
  /** A backup was restored: everything on screen is stale; reload. */
  'app.restored': z.object({ file: z.string() }).strict(),
  /** The start-up recovery ended (the organiser kept the empty file, or started using it): fetch app.info again. */
  'app.recoveryEnded': z.object({}).strict(),
  /**
   * A campaign file being imported reached a step (issue 31): reading it, checking what it holds, then writing it (a
   * backup first, the rows, the history replayed); with how many games and ledger entries the file holds once known.
   */
  'campaigns.importProgress': z
    .object({
      fileName: z.string(),
      step: z.enum(['reading', 'checking', 'writing']),
      games: z.number().int().nonnegative().optional(),
      entries: z.number().int().nonnegative().optional(),
      /** While checking: how many of the file's games are checked so far (issue 31, "checking game 1,204 of 5,000"). */
      gamesChecked: z.number().int().nonnegative().optional(),
      /** While checking, before the games: how many of the file's ledger entries are checked so far (of `entries`). */
      entriesChecked: z.number().int().nonnegative().optional(),
      /** While writing: how many of the file's games are stored so far, then how many the history's replay has judged. */
      gamesWritten: z.number().int().nonnegative().optional(),
      /** While writing, after the games: how many of the file's ledger entries are stored so far (of `entries`). */
      entriesWritten: z.number().int().nonnegative().optional(),
      gamesJudged: z.number().int().nonnegative().optional(),
      /** How many games the replay judges (the committed and voided ones), beside gamesJudged. */
      gamesToJudge: z.number().int().nonnegative().optional(),
      /** While writing, once the replay is done: the rosters checked and the standings worked out (its last part). */
      finishing: z.literal(true).optional(),
    })
    .strict(),
  /**
   * A backup by hand, a whole-file restore or restoring one campaign reached a step (issue 31): "step 2 of 4:
   * compressing 68 MB". `steps` is how many this one has (a backup written without compression has no compressing
   * step); `bytes` what the step works on, once known. A step is told once (a backup and a restore send at most four);
   * restoring one campaign names it (`campaign`) and tells its check again as games are checked (`gamesChecked` of
   * `games`, at most a hundred times).
   */
  'backups.progress': z
    .object({
      action: z.enum(['backup', 'restore', 'restore-one']),
      step: z.enum([
        'copying',
        'compressing',
        'writing',
        'checking',
        'checking-backup',
        'unpacking',
        'backing-up',
        'replacing',
        'reading-backup',
        'checking-games',
        'putting-back',
      ]),
      stepNumber: z.number().int().positive(),
      steps: z.number().int().positive(),
      bytes: z.number().int().nonnegative().optional(),
      campaign: z.string().max(200).optional(),
      games: z.number().int().nonnegative().optional(),
      gamesChecked: z.number().int().nonnegative().optional(),
    })
    .strict(),
  /**
   * Save as PDF (Electron) reached a step (issue 31): the print page in main's hidden window `gathering` its data
   * (the campaign pack counts its teams: `done` of `total`), `laying-out` its pages, then `making-pdf` (Chromium's one
   * call) and `saving` (the save dialog). Each step once, the count at most a hundred times.
   */
  'print.progress': z
    .object({
      kind: PrintKind,
      id: z.string().max(200),
      step: z.enum(['gathering', 'laying-out', 'making-pdf', 'saving']),
      done: z.number().int().nonnegative().optional(),
      total: z.number().int().nonnegative().optional(),
    })
    .strict(),
  /** A campaign's pinned ruleset changed (upgrade, edit, import). */
  'rulesets.changed': z.object({ campaignId: z.string() }).strict(),
  /**
   * A game of a campaign was set up or edited (`draft`), discarded, committed, voided or amended; a commit, void or
   * amendment names the teams whose ledgers it changed (`teams`), so windows refresh once for the game (issue 18).
   */
  'games.changed': z
    .object({
      campaignId: z.string(),
      id: z.string(),
      status: z.enum(['draft', 'discarded', 'committed', 'voided', 'amended']).optional(),
      teams: z.array(z.string()).optional(),
    })
    .strict(),
  /** A tap was added to a game's table log (issue 33): screens and phones showing that table read it again. */
  'table.changed': z.object({ campaignId: z.string(), gameId: z.string(), seq: z.number().int() }).strict(),
  /** A game's battle report or a model's note was written or removed. */
  'notes.changed': z.object({ campaignId: z.string(), subjectKind: NoteSubjectKind, subjectId: z.string() }).strict(),
  /** The application menu asked for the new-campaign form (Electron only). */
  'menu.newCampaign': z.object({}).strict(),
  /** A File menu command the window's own buttons also offer, run by the renderer on what is on screen (Electron only). */
  'menu.command': z.object({ command: z.enum(['importCampaign', 'exportCampaign', 'handOver', 'importTeamList', 'print', 'guide']) }).strict(),
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelParsedInput<C extends ChannelName> = z.output<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const CHANNEL_NAMES = Object.keys(channels) as ChannelName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

export const isChannelName = (name: unknown): name is ChannelName => typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name);
export const isEventName = (name: unknown): name is EventName => typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name);
