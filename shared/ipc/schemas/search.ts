import { z } from 'zod';

/** The longest search Herald takes: longer than any name it keeps (80 characters), with room for "Game 12 ". */
export const SEARCH_QUERY_MAX = 100;
/** At most this many hits of each kind: the palette is for finding one thing, not for listing a campaign. */
export const SEARCH_HITS_PER_KIND = 8;

export const SearchInput = z
  .object({
    query: z
      .string({ error: 'Type what to look for.' })
      .max(SEARCH_QUERY_MAX, `A search is at most ${SEARCH_QUERY_MAX} characters.`)
      .transform((s) => s.replace(/\s+/gu, ' ').trim()),
  })
  .strict();
export type SearchInput = z.infer<typeof SearchInput>;

export const SearchKind = z.enum(['campaign', 'team', 'player', 'model', 'game']);
export type SearchKind = z.infer<typeof SearchKind>;

/** One thing found, with the screen it opens: a campaign page, a team page or a game page. */
export const SearchHit = z
  .object({
    kind: SearchKind,
    id: z.string(),
    /** What it is called: "Iron Wolves", "Kaelen", "Game 12: Iron Wolves vs Da Boyz". */
    name: z.string(),
    /** A few words that tell two hits of one name apart: "Alice's team", "Iron Wolves · dead", "voided". */
    detail: z.string(),
    /** A game's day (YYYY-MM-DD), for the palette to write in the organiser's locale. */
    date: z.string().optional(),
    campaignId: z.string(),
    campaignName: z.string(),
    open: z.object({ screen: z.enum(['campaign', 'team', 'game']), id: z.string() }).strict(),
  })
  .strict();
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchResult = z.object({ hits: z.array(SearchHit).max(SearchKind.options.length * SEARCH_HITS_PER_KIND) }).strict();
export type SearchResult = z.infer<typeof SearchResult>;
