/** teamLists.* : the team-list library, in src-main/team-lists/library.ts (a file's import: team-lists/import.ts). */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import {
  createTeamList,
  exportTeamList,
  importTeamListFile,
  listChangesForTeam,
  listTeamLists,
  teamListDetail,
  teamListImpact,
  teamListUsage,
  updateTeamList,
} from '../team-lists/library';

export const teamListHandlers: PrefixHandlers<'teamLists', HandlerContext> = {
  'teamLists.list': (_input, ctx) => listTeamLists(ctx),
  'teamLists.get': (input, ctx) => teamListDetail(ctx, input),
  'teamLists.import': (input, ctx) => importTeamListFile(ctx, input),
  'teamLists.export': (input, ctx) => exportTeamList(ctx, input),
  'teamLists.update': (input, ctx) => updateTeamList(ctx, input),
  'teamLists.create': (input, ctx) => createTeamList(ctx, input),
  'teamLists.impact': (input, ctx) => teamListImpact(ctx, input),
  'teamLists.usage': (input, ctx) => teamListUsage(ctx, input),
  'teamLists.changesForTeam': (input, ctx) => listChangesForTeam(ctx, input),
};
