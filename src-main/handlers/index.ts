/**
 * Every channel's handler, in one map: one file per channel prefix (campaigns.ts holds every campaigns.* channel, …;
 * scripts/handler-prefixes.test.ts checks it). The Handlers type makes a channel without a handler a compile error.
 * Handlers call domain modules, the read model (src-main/views/) and repos; they never call each other.
 */
import { dispatch, type Handlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { appHandlers } from './app';
import { campaignHandlers } from './campaigns';
import { playerHandlers } from './players';
import { teamListHandlers } from './team-lists';
import { teamHandlers } from './teams';
import { modelHandlers } from './models';
import { gameHandlers } from './games';
import { rulesetHandlers } from './rulesets';
import { printHandlers } from './print';
import { backupHandlers } from './backups';
import { fileHandlers } from './files';
import { noteHandlers } from './notes';
import { lanHandlers } from './lan';
import { tableHandlers } from './table';
import { searchHandlers } from './search';

export const handlers: Handlers<HandlerContext> = {
  ...appHandlers,
  // The sample campaign is made through this very map, as the renderer's requests would be (issue 31).
  ...campaignHandlers((ctx) => (channel, input) => dispatch(handlers, ctx, channel, input)),
  ...teamListHandlers,
  ...playerHandlers,
  ...teamHandlers,
  ...modelHandlers,
  ...gameHandlers,
  ...rulesetHandlers,
  ...printHandlers,
  ...backupHandlers,
  ...fileHandlers,
  ...noteHandlers,
  ...lanHandlers,
  ...tableHandlers,
  ...searchHandlers,
};
