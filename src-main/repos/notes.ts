/** Notes on games and models (issue 22): data access only. Notes are not ledger entries: they change no progression. */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { notes, type NoteRow } from '../db/schema';

export const listNotes = (db: Db, campaignId: string): NoteRow[] =>
  db.select().from(notes).where(eq(notes.campaignId, campaignId)).orderBy(asc(notes.subjectKind), asc(notes.updatedAt)).all();

export const findNote = (db: Db, campaignId: string, subjectKind: NoteRow['subjectKind'], subjectId: string): NoteRow | undefined =>
  db
    .select()
    .from(notes)
    .where(and(eq(notes.campaignId, campaignId), eq(notes.subjectKind, subjectKind), eq(notes.subjectId, subjectId)))
    .get();

/** Write (insert or replace) a subject's note. */
export function upsertNote(db: Db, row: NoteRow) {
  db.insert(notes)
    .values(row)
    .onConflictDoUpdate({ target: [notes.campaignId, notes.subjectKind, notes.subjectId], set: { text: row.text, updatedAt: row.updatedAt } })
    .run();
}

export function deleteNote(db: Db, campaignId: string, subjectKind: NoteRow['subjectKind'], subjectId: string) {
  db.delete(notes)
    .where(and(eq(notes.campaignId, campaignId), eq(notes.subjectKind, subjectKind), eq(notes.subjectId, subjectId)))
    .run();
}

/** A campaign's notes of one kind, by subject id (for the bulletin, histories and CSVs). */
export const notesBySubject = (db: Db, campaignId: string, subjectKind: NoteRow['subjectKind']): Map<string, string> =>
  new Map(
    listNotes(db, campaignId)
      .filter((n) => n.subjectKind === subjectKind)
      .map((n) => [n.subjectId, n.text]),
  );
