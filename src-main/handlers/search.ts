/** search.query (issue 31): the search palette's one channel, across every campaign on the laptop. */
import type { Handlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { search } from '../repos/search';

type SearchHandlers = Pick<Handlers<HandlerContext>, 'search.query'>;

export const searchHandlers: SearchHandlers = {
  'search.query': ({ query }, ctx) => ({ hits: search(ctx.db, query) }),
};
