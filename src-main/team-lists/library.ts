/**
 * The team-list library (teamLists.*). Imported files are hostile until proven otherwise (docs/reliability.md rule 7): size and depth
 * limits, the strict schema, one transaction, and a reason naming what is wrong and where.
 */
import type { ChannelOutput, ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import { TEAM_LIST_MAX_BYTES, type TeamImpact, type TeamListDetail } from '../../shared/ipc/schemas/teams';
import { impactMatters, rosterImpact, rosterPointsLimit, type TeamList } from '../../shared/rules';
import type { HandlerContext } from '../context';
import { campaignRosterCap } from '../games/context';
import type { Db } from '../db/open';
import * as repo from '../repos/team-lists';
import { findTeam } from '../repos/teams';
import { importTeamList } from './import';

function detail(db: Db, id: string): TeamListDetail {
  const row = repo.findTeamList(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'That team list is not in the library.');
  return { ...repo.summarize(db, row), list: repo.parseStoredList(row) };
}

/** What `after` would change for every team built on the list, team by team and model by model (issue 17). */
function impacts(db: Db, listId: string, before: TeamList, after: TeamList): TeamImpact[] {
  return repo
    .teamsOnList(db, listId)
    .map((t) => ({
      teamId: t.teamId,
      teamName: t.teamName,
      campaignName: t.campaignName,
      founded: t.founded,
      impact: rosterImpact(before, after, t.roster, rosterPointsLimit(t.pointsLimit, t.founded, campaignRosterCap(db, t.campaignId))),
    }))
    .filter((t) => impactMatters(t.impact));
}

const fileNameFor = (list: TeamList) => `${list.id}-${list.listVersion.replace(/[^A-Za-z0-9.-]+/g, '-')}.team-list.json`;

export function listTeamLists(ctx: HandlerContext): ChannelOutput<'teamLists.list'> {
  return repo.allTeamLists(ctx.db).map((row) => repo.summarize(ctx.db, row));
}

export function teamListDetail(ctx: HandlerContext, { id }: ChannelParsedInput<'teamLists.get'>): ChannelOutput<'teamLists.get'> {
  return detail(ctx.db, id);
}

export async function importTeamListFile(ctx: HandlerContext, input: ChannelParsedInput<'teamLists.import'>): Promise<ChannelOutput<'teamLists.import'>> {
  let file: { fileName: string; text: string };
  if (input.source === 'dialog') {
    if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: choose the file to upload instead.');
    const picked = await ctx.files.openText({ title: 'Import a team list', extensions: ['json'], maxBytes: TEAM_LIST_MAX_BYTES });
    if (!picked) return { outcome: 'cancelled' as const };
    file = picked;
  } else {
    file = { fileName: input.fileName, text: input.text };
  }
  return importTeamList(ctx, file);
}

export async function exportTeamList(
  ctx: HandlerContext,
  { id, destination }: ChannelParsedInput<'teamLists.export'>,
): Promise<ChannelOutput<'teamLists.export'>> {
  const { list } = detail(ctx.db, id);
  const text = `${JSON.stringify(list, null, 2)}\n`;
  const fileName = fileNameFor(list);
  if (destination === 'download') return { outcome: 'download' as const, fileName, text };
  if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: download the file instead.');
  const saved = await ctx.files.saveText({ title: 'Export team list', defaultName: fileName, extensions: ['json'], text });
  return saved ? { outcome: 'saved' as const, path: saved } : { outcome: 'cancelled' as const };
}

export function updateTeamList(ctx: HandlerContext, { id, list, expectedRevision }: ChannelParsedInput<'teamLists.update'>): ChannelOutput<'teamLists.update'> {
  const out = ctx.db.transaction((tx) => {
    const row = repo.findTeamList(tx, id);
    if (!row) throw new AppError('NOT_FOUND', 'That team list is not in the library.');
    if (row.revision !== expectedRevision) {
      throw new AppError('VALIDATION', 'This list was changed elsewhere since you opened it. Reload it and make your change again.');
    }
    if (list.id !== row.listKey || list.listVersion !== row.listVersion) {
      throw new AppError(
        'VALIDATION',
        'The list id and version name the list; they cannot be changed here. Export it, change them, and import it as a new list.',
      );
    }
    let changed: TeamImpact[] = [];
    if (repo.hashList(list) !== row.contentHash) {
      // Teams follow their list's newest version (docs/decisions.md): each is re-checked now, and what changed for
      // it is kept for its team page.
      const at = ctx.now().toISOString();
      changed = impacts(tx, row.id, repo.parseStoredList(row), list);
      const saved = repo.replaceTeamList(tx, row, list, at);
      for (const c of changed)
        repo.insertListChange(tx, { id: ctx.newId(), teamId: c.teamId, teamListId: row.id, revision: saved.revision, changes: c.impact, savedAt: at });
    }
    return { ...detail(tx, id), changed };
  });
  ctx.emit('teamLists.changed', { id });
  return out;
}

export function createTeamList(ctx: HandlerContext, { list }: ChannelParsedInput<'teamLists.create'>): ChannelOutput<'teamLists.create'> {
  const out = ctx.db.transaction((tx) => {
    const existing = repo.findTeamListByKey(tx, list.id, list.listVersion);
    if (existing) {
      throw new AppError(
        'VALIDATION',
        `The library already has a list with the id "${list.id}" and version ${list.listVersion} (${existing.name}). Give the new list another name or version.`,
      );
    }
    // A list made in Herald is the club's own, never sample data.
    const row = repo.insertTeamList(tx, { ...list, sample: false }, ctx.newId(), ctx.now().toISOString());
    return detail(tx, row.id);
  });
  ctx.emit('teamLists.changed', { id: out.id });
  return out;
}

export function teamListImpact(ctx: HandlerContext, { id, list }: ChannelParsedInput<'teamLists.impact'>): ChannelOutput<'teamLists.impact'> {
  const row = repo.findTeamList(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'That team list is not in the library.');
  return { teams: impacts(ctx.db, id, repo.parseStoredList(row), list) };
}

export function teamListUsage(ctx: HandlerContext, { id }: ChannelParsedInput<'teamLists.usage'>): ChannelOutput<'teamLists.usage'> {
  if (!repo.findTeamList(ctx.db, id)) throw new AppError('NOT_FOUND', 'That team list is not in the library.');
  return {
    teams: repo.teamsOnList(ctx.db, id).map((t) => ({
      teamId: t.teamId,
      teamName: t.teamName,
      campaignName: t.campaignName,
      founded: t.founded,
      models: t.roster.models.map((m) => ({
        id: m.id,
        name: m.name,
        entryId: m.entryId,
        options: Object.entries(m.options)
          .filter(([, n]) => n > 0)
          .map(([o]) => o),
        armoury: m.armoury,
      })),
    })),
  };
}

export function listChangesForTeam(ctx: HandlerContext, { teamId }: ChannelParsedInput<'teamLists.changesForTeam'>): ChannelOutput<'teamLists.changesForTeam'> {
  const team = findTeam(ctx.db, teamId);
  if (!team) throw new AppError('NOT_FOUND', 'That team no longer exists.');
  return repo.listChangesForTeam(ctx.db, teamId, team.teamListId);
}
