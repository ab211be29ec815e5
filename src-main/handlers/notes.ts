/** notes.* (issue 22): battle reports and notes on models, in src-main/notes.ts. The campaign's records are campaigns.records. */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { campaignNotes, setNote } from '../notes';

export const noteHandlers: PrefixHandlers<'notes', HandlerContext> = {
  'notes.list': ({ campaignId }, ctx) => campaignNotes(ctx.db, campaignId),
  'notes.set': (input, ctx) => setNote(ctx, input),
};
