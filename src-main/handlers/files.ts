/** files.* (issue 15): a file dropped onto the window, recognised and imported by src-main/dropped-files.ts. */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { importDroppedFile } from '../dropped-files';

export const fileHandlers: PrefixHandlers<'files', HandlerContext> = {
  'files.importDropped': (input, ctx) => importDroppedFile(ctx, input),
};
