/** IPC schemas for printing (issue 7): roster sheets, the game-night kit and the campaign bulletin as PDF. */
import { z } from 'zod';
import { Id } from './campaigns';
import { GameSummary, StandingRow } from './games';
import { CampaignRecordView } from './narrative';

export const PrintKind = z.enum(['roster', 'kit', 'bulletin', 'pack', 'evening']);
export type PrintKind = z.infer<typeof PrintKind>;
export const Paper = z.enum(['a4', 'letter']);
export type Paper = z.infer<typeof Paper>;

/**
 * The evening's sheet (issue 33) prints pairings that live only on the Tonight screen, so its route carries them:
 * pairings joined by `~`, each `teamA.teamB` or `teamA.teamB.gameId`, the team sitting out as one id alone.
 */
export const EveningCode = z
  .string()
  .max(8000)
  .regex(/^[0-9a-fA-F.~-]*$/, 'The evening’s pairings could not be read.');

/** The renderer's print route for a page: `#/print/<kind>/<id>?paper=a4` (`&evening=…` for the evening's sheet). */
export const printHash = (kind: PrintKind, id: string, paper: Paper, evening?: string) =>
  `#/print/${kind}/${encodeURIComponent(id)}?paper=${paper}${evening ? `&evening=${evening}` : ''}`;

export const PrintPdfInput = z
  .object({
    kind: PrintKind,
    id: Id,
    paper: Paper,
    evening: EveningCode.optional(),
    fileName: z
      .string()
      .min(1)
      .max(120)
      .regex(/^[^/\\:*?"<>|]+$/, 'A file name cannot contain / \\ : * ? " < > |.'),
  })
  .strict();
export const PrintPdfResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), path: z.string(), pages: z.number().int() }),
  z.object({ outcome: z.literal('cancelled') }),
  /** Browser mode has no save dialog: the page prints itself through the browser's print dialog ("Save as PDF"). */
  z.object({ outcome: z.literal('browser') }),
]);
export type PrintPdfResult = z.infer<typeof PrintPdfResult>;

/** The campaign bulletin for the club noticeboard: standings, the latest games, casualties and promotions. */
export const Bulletin = z.object({
  campaignName: z.string(),
  rulesetName: z.string(),
  standings: z.array(StandingRow),
  latestGames: z.array(GameSummary),
  casualties: z.array(z.object({ gameNumber: z.number().int().nullable(), teamName: z.string(), modelName: z.string(), text: z.string() })),
  promotions: z.array(z.object({ gameNumber: z.number().int().nullable(), teamName: z.string(), modelName: z.string(), text: z.string() })),
  /** Battle reports of the latest games (issue 22), newest first. */
  battleReports: z.array(z.object({ gameNumber: z.number().int(), title: z.string(), text: z.string() })).optional(),
  /** The campaign's records (issue 22): most kills, longest-serving model, most games, longest winning run. */
  records: z.array(CampaignRecordView).optional(),
});
export type Bulletin = z.infer<typeof Bulletin>;

/** The system print dialog for a print page (issue 31): Electron prints the print route's own window. */
export const PrintSystemInput = z.object({ kind: PrintKind, id: Id, paper: Paper, evening: EveningCode.optional() }).strict();
export const PrintSystemResult = z.object({
  /** `browser`: no print dialog of main's own in browser mode; the page calls the browser's window.print(). */
  outcome: z.enum(['printed', 'cancelled', 'browser']),
});
export type PrintSystemResult = z.infer<typeof PrintSystemResult>;

/** After "Save as PDF" (issue 31): open the saved PDF, or show it in its folder. Only a PDF Herald saved this session. */
export const PrintOpenSavedInput = z.object({ path: z.string().min(1).max(4096), how: z.enum(['open', 'folder']) }).strict();
export const PrintOpenSavedResult = z.object({ opened: z.literal(true) });
