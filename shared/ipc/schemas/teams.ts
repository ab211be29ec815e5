/** IPC schemas for team lists, players and teams (issue 4). */
import { z } from 'zod';
import { Roster, RosterModel } from '../../rules';
import { TeamList } from '../../rules';
import { Id, NameField } from './campaigns';

const PersonName = (what: string) => NameField(what, 60);

export const PlayerName = PersonName('player');
export const TeamName = PersonName('team');

// ----- team lists -----

export const TeamListSummary = z.object({
  id: Id,
  listKey: z.string(),
  faction: z.string(),
  name: z.string(),
  listVersion: z.string(),
  sample: z.boolean(),
  revision: z.number().int(),
  entries: z.number().int(),
  /** Teams (in any campaign) built from this list. */
  teams: z.number().int(),
  updatedAt: z.string(),
});
export type TeamListSummary = z.infer<typeof TeamListSummary>;

export const TeamListDetail = TeamListSummary.extend({ list: TeamList });
export type TeamListDetail = z.infer<typeof TeamListDetail>;

/** Largest team-list file accepted (a real list is a few tens of KB). */
export const TEAM_LIST_MAX_BYTES = 512 * 1024;

export const TeamListImportInput = z.discriminatedUnion('source', [
  /** Electron: main shows its own open dialog; the renderer never names a path. */
  z.object({ source: z.literal('dialog') }).strict(),
  /** Browser mode: the file the user picked, uploaded as text. */
  z
    .object({
      source: z.literal('upload'),
      fileName: z.string().max(255),
      text: z.string().max(TEAM_LIST_MAX_BYTES, `A team-list file is at most ${TEAM_LIST_MAX_BYTES / 1024} KB.`),
    })
    .strict(),
]);
export const TeamListImportResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('imported'), list: TeamListSummary }),
  z.object({ outcome: z.literal('unchanged'), list: TeamListSummary }),
  z.object({ outcome: z.literal('cancelled') }),
]);
export type TeamListImportResult = z.infer<typeof TeamListImportResult>;

export const TeamListExportInput = z.object({ id: Id, destination: z.enum(['dialog', 'download']) }).strict();
export const TeamListExportResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), path: z.string() }),
  z.object({ outcome: z.literal('download'), fileName: z.string(), text: z.string() }),
  z.object({ outcome: z.literal('cancelled') }),
]);
export type TeamListExportResult = z.infer<typeof TeamListExportResult>;

/** The editor sends the whole edited list; it must keep its id and version (a new version is a new import). */
export const TeamListUpdateInput = z.object({ id: Id, list: TeamList, expectedRevision: z.number().int() }).strict();

/** A new list (issue 17): blank or a copy, made in the renderer with its own id; refused if the id and version exist. */
export const TeamListCreateInput = z.object({ list: TeamList }).strict();

/** What a version of a list changes for one team, model by model (shared/rules/roster/team-list-diff.ts). */
export const RosterImpactView = z.object({
  models: z.array(
    z.object({ modelId: z.string(), name: z.string(), entryName: z.string(), changes: z.array(z.string()), pointsBefore: z.number(), pointsAfter: z.number() }),
  ),
  pointsBefore: z.number(),
  pointsAfter: z.number(),
  legalBefore: z.boolean(),
  legalAfter: z.boolean(),
  newProblems: z.array(z.string()),
});
export const TeamImpact = z.object({
  teamId: Id,
  teamName: z.string(),
  campaignName: z.string(),
  founded: z.boolean(),
  impact: RosterImpactView,
});
export type TeamImpact = z.infer<typeof TeamImpact>;

/** The editor's preview before saving: the draft against the saved version, for every team built on the list. */
export const TeamListImpactInput = z.object({ id: Id, list: TeamList }).strict();
export const TeamListImpact = z.object({ teams: z.array(TeamImpact) });
export type TeamListImpact = z.infer<typeof TeamListImpact>;

/** A save names what it changed for each team (also kept for the team page). */
export const TeamListSaved = TeamListDetail.extend({ changed: z.array(TeamImpact) });
export type TeamListSaved = z.infer<typeof TeamListSaved>;

/** Who uses what: the editor names these teams and models before an entry they use is removed. */
export const TeamListUsage = z.object({
  teams: z.array(
    z.object({
      teamId: Id,
      teamName: z.string(),
      campaignName: z.string(),
      founded: z.boolean(),
      models: z.array(z.object({ id: z.string(), name: z.string(), entryId: z.string(), options: z.array(z.string()), armoury: z.array(z.string()) })),
    }),
  ),
});
export type TeamListUsage = z.infer<typeof TeamListUsage>;

/** The team page's notice: what each saved version of its list changed for this team. */
export const TeamListChangeNotice = z.object({
  listName: z.string(),
  revision: z.number().int(),
  savedAt: z.string(),
  impact: RosterImpactView,
});
export type TeamListChangeNotice = z.infer<typeof TeamListChangeNotice>;
export const TeamListChangesForTeamInput = z.object({ teamId: Id }).strict();

// ----- players -----

export const Player = z.object({
  id: Id,
  campaignId: Id,
  name: z.string(),
  retiredAt: z.string().nullable(),
  teams: z.number().int(),
});
export type Player = z.infer<typeof Player>;

export const CampaignScopedInput = z.object({ campaignId: Id }).strict();
export const PlayerCreateInput = z.object({ campaignId: Id, name: PlayerName }).strict();
export const PlayerRenameInput = z.object({ id: Id, name: PlayerName }).strict();
export const PlayerIdInput = z.object({ id: Id }).strict();

// ----- teams -----

export const TeamSummary = z.object({
  id: Id,
  campaignId: Id,
  campaignName: z.string(),
  name: z.string(),
  playerId: Id,
  playerName: z.string(),
  teamListId: Id,
  listName: z.string(),
  faction: z.string(),
  founded: z.boolean(),
  points: z.number().int(),
  pointsText: z.string(),
  legal: z.boolean(),
  issues: z.number().int(),
  models: z.number().int(),
  requisition: z.number().int(),
  /** docs/progression.md Threat: ceil((points + honours' Req value) / 100). */
  threat: z.number().int(),
  record: z.object({ games: z.number().int(), wins: z.number().int(), draws: z.number().int(), losses: z.number().int() }),
});
export type TeamSummary = z.infer<typeof TeamSummary>;

export const LedgerEntryView = z.object({
  id: z.string(),
  kind: z.string(),
  modelId: z.string().nullable(),
  req: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  voided: z.boolean(),
});
export type LedgerEntryView = z.infer<typeof LedgerEntryView>;

const Issue = z.object({ code: z.string(), message: z.string(), modelId: z.string().optional() });
const Card = z.object({
  modelId: z.string(),
  name: z.string(),
  entryId: z.string(),
  entryName: z.string(),
  category: z.enum(['team-leader', 'special', 'core', 'squad']),
  squadSize: z.number().int().optional(),
  points: z.number().int(),
  profile: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  unitType: z.string(),
  wargear: z.array(z.string()),
  armoury: z.array(z.string()),
  grenades: z.array(z.object({ type: z.string(), name: z.string(), count: z.number().int() })),
  specialRules: z.array(z.string()),
});
/** An allowance line; `squadModels`: the models in Squads, which count toward the Core maximum (004 Squad). */
const Bound = z.object({ count: z.number().int(), min: z.number().int(), max: z.number().int(), squadModels: z.number().int().optional() });

export const TeamDetail = z.object({
  /** The campaign's ruleset has Tactical Reserves (docs/progression.md; roster/reserves.ts `tacticalReservesOf`). */
  tacticalReserves: z.boolean(),
  team: TeamSummary,
  /** The points the roster may hold: the campaign's limit before founding, the ruleset's roster cap after (issue 19). */
  pointsLimit: z.number().int(),
  list: TeamList,
  roster: Roster,
  report: z.object({
    points: z.number().int(),
    limit: z.number().int(),
    pointsText: z.string(),
    legal: z.boolean(),
    issues: z.array(Issue),
    models: z.array(Card),
    allowance: z.object({ 'team-leader': Bound, special: Bound, core: Bound, squad: Bound }),
  }),
  /** The team's latest ledger lines, oldest first (at most 50: a ten-year team has thousands). */
  ledger: z.array(LedgerEntryView),
  /** How many ledger lines the team has in all. */
  ledgerTotal: z.number().int().min(0),
  /** Campaign progression of each model on the roster (from the ledger), by model id. */
  progress: z.record(
    z.string(),
    z.object({
      exp: z.number().int(),
      level: z.number().int(),
      injuries: z.array(z.string()),
      mauled: z.string().nullable(),
      advances: z.array(z.string()),
      honours: z.array(z.string()),
      games: z.number().int(),
      kills: z.number().int(),
      /**
       * Characteristic changes from permanent injuries, advances and honours (e.g. { stat: 'WS', delta: -1 }; Iron Jaw
       * { stat: 'W', delta: 1, max: 3 }: no higher than `max`), for shared/rules modelProfile.
       */
      statChanges: z.array(z.object({ stat: z.string(), delta: z.number().int(), max: z.number().int().optional(), why: z.string() })),
      /**
       * A Squad: its surviving members' lasting injuries and next-game mauling (issue 19), by member as the game that
       * rolled them numbered it (members are interchangeable: docs/decisions.md "Squad members").
       */
      members: z.array(z.object({ member: z.string(), injuries: z.array(z.string()), mauled: z.string().nullable() })).optional(),
    }),
  ),
  /** Models that died in games (kept for the record; not on the roster). */
  fallen: z.array(
    z.object({
      modelId: z.string(),
      name: z.string(),
      entryName: z.string(),
      exp: z.number().int(),
      gameNumber: z.number().int().nullable(),
      text: z.string(),
    }),
  ),
  /** Kill Team (team-wide) honours held, e.g. Medical Gear. */
  teamHonours: z.array(z.string()),
  /** Issue 17: the effect text (campaign ruleset) of each honour the team or its models hold, by honour name. */
  honourEffects: z.record(z.string(), z.string()).optional(),
});
export type TeamDetail = z.infer<typeof TeamDetail>;

export const TeamCreateInput = z.object({ campaignId: Id, playerId: Id, teamListId: Id, name: TeamName }).strict();
export const TeamIdInput = z.object({ id: Id }).strict();
export const TeamRenameInput = z.object({ id: Id, name: TeamName }).strict();
export const TeamSaveDraftInput = z.object({ id: Id, roster: Roster }).strict();
export const TeamRecruitInput = z.object({ id: Id, model: RosterModel }).strict();
export const TeamChangeModelInput = z.object({ id: Id, model: RosterModel }).strict();
export const TeamDismissInput = z.object({ id: Id, modelId: z.string().min(1).max(64), reason: z.string().max(200).optional() }).strict();
/** Park a model in Tactical Reserves (`inReserve: true`) or bring it back (docs/progression.md "Tactical Reserves"). */
export const TeamReserveInput = z.object({ id: Id, modelId: z.string().min(1).max(64), inReserve: z.boolean() }).strict();
/** Park an Armoury item a model holds (`teams.parkGear`), or fit a parked one to a model (`teams.fitGear`). */
export const TeamGearInput = z.object({ id: Id, modelId: z.string().min(1).max(64), item: z.string().min(1).max(80) }).strict();
export const TeamAdjustReqInput = z
  .object({
    id: Id,
    amount: z
      .number()
      .int('Requisition is a whole number.')
      .min(-10000)
      .max(10000)
      .refine((n) => n !== 0, 'An adjustment of 0 changes nothing.'),
    reason: z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'Say why (it is kept in the team’s ledger).').max(200)),
  })
  .strict();
