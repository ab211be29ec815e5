/** search.query (issue 31): the search palette's one channel, across every campaign on the laptop. */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { search } from '../repos/search';

export const searchHandlers: PrefixHandlers<'search', HandlerContext> = {
  'search.query': ({ query }, ctx) => ({ hits: search(ctx.db, query) }),
};
