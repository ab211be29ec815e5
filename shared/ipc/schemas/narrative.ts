/**
 * IPC schemas for the campaign's narrative and what players take home (issue 22): notes on games (battle reports)
 * and models, the campaign's records, and CSV exports of the standings, games and models.
 */
import { z } from 'zod';
import { formatNumber } from '../../format';
import { Id } from './campaigns';

/** A note is a short battle report or a model's story, not a chapter. */
export const NOTE_MAX_CHARS = 4000;

export const NoteSubjectKind = z.enum(['game', 'model']);
export type NoteSubjectKind = z.infer<typeof NoteSubjectKind>;

export const Note = z.object({ subjectKind: NoteSubjectKind, subjectId: z.string(), text: z.string(), updatedAt: z.string() });
export type Note = z.infer<typeof Note>;

export const NotesListInput = z.object({ campaignId: Id }).strict();
/** Saving blank text removes the note. */
export const NoteSetInput = z
  .object({
    campaignId: Id,
    subjectKind: NoteSubjectKind,
    subjectId: z.string().min(1).max(64),
    text: z.string().max(NOTE_MAX_CHARS, `A note is at most ${formatNumber(NOTE_MAX_CHARS)} characters.`),
  })
  .strict();
export const NoteSetResult = z.object({ note: Note.nullable() });

export const CampaignRecordView = z.object({
  kind: z.enum(['mostKills', 'longestServing', 'mostGames', 'longestWinningRun']),
  title: z.string(),
  value: z.number().int(),
  holders: z.array(z.string()),
  holdersText: z.string(),
  valueText: z.string(),
  text: z.string(),
});
export type CampaignRecordView = z.infer<typeof CampaignRecordView>;

export const CsvTable = z.enum(['standings', 'games', 'models']);
export type CsvTable = z.infer<typeof CsvTable>;
export const CsvExportInput = z.object({ id: Id, table: CsvTable, destination: z.enum(['dialog', 'download']) }).strict();
export const CsvExportResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), path: z.string() }),
  z.object({ outcome: z.literal('download'), fileName: z.string(), text: z.string() }),
  z.object({ outcome: z.literal('cancelled') }),
]);
export type CsvExportResult = z.infer<typeof CsvExportResult>;
