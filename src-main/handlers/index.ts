/**
 * Every channel's handler, in one map. The Handlers type makes a channel without a handler a compile error.
 * Handlers call repos (and, later, shared/rules); they never call each other over IPC.
 */
import { dispatch, type Handlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { campaignHandlers } from './campaigns';
import { playerHandlers } from './players';
import { teamListHandlers } from './team-lists';
import { teamHandlers } from './teams';
import { reserveHandlers } from './reserves';
import { gameHandlers } from './games';
import { standingsHandlers } from './standings';
import { settingsHandlers } from './settings';
import { rulesetHandlers } from './rulesets';
import { printHandlers } from './print';
import { rendererLogHandlers } from './renderer-log';
import { backupHandlers } from './backups';
import { campaignFileHandlers } from './campaign-files';
import { handOverHandlers } from './hand-over';
import { fileHandlers } from './files';
import { noteHandlers } from './notes';
import { exportHandlers } from './exports';
import { lanHandlers } from './lan';
import { mistakeHandlers } from './mistakes';
import { amendHandlers } from './games-amend';
import { progressHandlers } from './progress';
import { tableHandlers } from './table';
import { searchHandlers } from './search';
import { createSample } from './sample';

export const handlers: Handlers<HandlerContext> = {
  'app.info': (_input, ctx) => ctx.info,
  'app.dismissRecovery': (_input, ctx) => {
    ctx.endRecovery();
    return ctx.info;
  },
  ...campaignHandlers,
  // The sample campaign is made through this very map, as the renderer's requests would be (issue 31).
  'campaigns.createSample': createSample((ctx) => (channel, input) => dispatch(handlers, ctx, channel, input)),
  ...teamListHandlers,
  ...playerHandlers,
  ...teamHandlers,
  ...reserveHandlers,
  ...gameHandlers,
  ...standingsHandlers,
  ...settingsHandlers,
  ...rulesetHandlers,
  ...printHandlers,
  ...rendererLogHandlers,
  ...backupHandlers,
  ...campaignFileHandlers,
  ...handOverHandlers,
  ...fileHandlers,
  ...noteHandlers,
  ...exportHandlers,
  ...lanHandlers,
  ...mistakeHandlers,
  ...amendHandlers,
  ...progressHandlers,
  ...tableHandlers,
  ...searchHandlers,
};
