/**
 * The campaign's narrative (issue 22): a note per game (a battle report) and per model. Notes are kept beside the
 * ledger, never in it: writing one changes no team, model or standing.
 */
import type { ChannelOutput, ChannelParsedInput } from '../shared/ipc/contract';
import { AppError } from '../shared/ipc/result';
import type { Note } from '../shared/ipc/schemas/narrative';
import { normaliseNote } from '../shared/names';
import type { HandlerContext } from './context';
import type { Db } from './db/open';
import type { NoteRow } from './db/schema';
import * as gamesRepo from './repos/games';
import * as notesRepo from './repos/notes';
import { mustFindCampaign } from './views/campaign';
import { campaignModels } from './views/records';

const view = (n: NoteRow): Note => ({ subjectKind: n.subjectKind, subjectId: n.subjectId, text: n.text, updatedAt: n.updatedAt });

function checkSubject(db: Db, campaignId: string, kind: NoteRow['subjectKind'], subjectId: string) {
  if (kind === 'game') {
    const game = gamesRepo.findGame(db, subjectId);
    if (!game || game.campaignId !== campaignId) throw new AppError('NOT_FOUND', 'That game is not in this campaign.');
    if (game.status === 'draft') throw new AppError('VALIDATION', 'Write the battle report once the game is committed.');
    return;
  }
  if (!campaignModels(db, campaignId).some((m) => m.id === subjectId)) throw new AppError('NOT_FOUND', 'That model is not on a team of this campaign.');
}

export function campaignNotes(db: Db, campaignId: string): Note[] {
  mustFindCampaign(db, campaignId);
  return notesRepo.listNotes(db, campaignId).map(view);
}

/** A note written, or deleted when it is left empty. */
export function setNote(ctx: HandlerContext, { campaignId, subjectKind, subjectId, text }: ChannelParsedInput<'notes.set'>): ChannelOutput<'notes.set'> {
  mustFindCampaign(ctx.db, campaignId);
  checkSubject(ctx.db, campaignId, subjectKind, subjectId);
  const clean = normaliseNote(text);
  const note = ctx.db.transaction((tx) => {
    if (clean === '') {
      notesRepo.deleteNote(tx, campaignId, subjectKind, subjectId);
      return null;
    }
    const at = ctx.now().toISOString();
    notesRepo.upsertNote(tx, { id: ctx.newId(), campaignId, subjectKind, subjectId, text: clean, updatedAt: at });
    return notesRepo.findNote(tx, campaignId, subjectKind, subjectId)!;
  });
  ctx.emit('notes.changed', { campaignId, subjectKind, subjectId });
  return { note: note ? view(note) : null };
}
