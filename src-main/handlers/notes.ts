/**
 * The campaign's narrative (issue 22): a note per game (a battle report) and per model, and the campaign's records.
 * Notes are kept beside the ledger, never in it: writing one changes no team, model or standing.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { CampaignRecordView, Note } from '../../shared/ipc/schemas/narrative';
import { normaliseNote } from '../../shared/names';
import { campaignRecords } from '../../shared/rules';
import type { HandlerContext } from '../context';
import { memoByState } from '../db/state-memo';
import type { Db } from '../db/open';
import type { NoteRow } from '../db/schema';
import { readCampaignStates } from '../ledger';
import * as gamesRepo from '../repos/games';
import * as notesRepo from '../repos/notes';
import * as teamsRepo from '../repos/teams';
import { mustFindCampaign } from './standings';

type NoteHandlers = Pick<Handlers<HandlerContext>, 'notes.list' | 'notes.set' | 'campaigns.records'>;

const view = (n: NoteRow): Note => ({ subjectKind: n.subjectKind, subjectId: n.subjectId, text: n.text, updatedAt: n.updatedAt });

/** Every model the campaign's founded teams ever had (their projections' directories), with its team. */
export function campaignModels(db: Db, campaignId: string): { id: string; teamId: string; name: string }[] {
  return modelsOf(readCampaignStates(db, campaignId));
}

function modelsOf(states: ReturnType<typeof readCampaignStates>): { id: string; teamId: string; name: string }[] {
  const out: { id: string; teamId: string; name: string }[] = [];
  for (const [teamId, s] of states) for (const [id, m] of Object.entries(s.state.directory)) out.push({ id, teamId, name: m.name || m.entryId });
  return out;
}

/**
 * The records, kept like the standings (issue 29): each model's games and kills as its team's stored fold counts them
 * (every commit, void and amendment keeps them), and the committed games' results — never the games' reports.
 */
export function recordsOf(db: Db, campaignId: string): CampaignRecordView[] {
  // The campaign page and the bulletin both ask for them: kept until the file changes.
  return memoByState(db, `records:${campaignId}`, () => recordsNow(db, campaignId));
}

function recordsNow(db: Db, campaignId: string): CampaignRecordView[] {
  const states = readCampaignStates(db, campaignId);
  const stats = [...states.values()].flatMap((s) => Object.entries(s.state.stats).map(([id, c]) => ({ id, games: c.games, kills: c.kills })));
  const teams = teamsRepo.listTeams(db, campaignId).map((t) => ({ id: t.id, name: t.name }));
  return campaignRecords({ teams, models: modelsOf(states), stats, results: gamesRepo.committedResults(db, campaignId) });
}

function checkSubject(db: Db, campaignId: string, kind: NoteRow['subjectKind'], subjectId: string) {
  if (kind === 'game') {
    const game = gamesRepo.findGame(db, subjectId);
    if (!game || game.campaignId !== campaignId) throw new AppError('NOT_FOUND', 'That game is not in this campaign.');
    if (game.status === 'draft') throw new AppError('VALIDATION', 'Write the battle report once the game is committed.');
    return;
  }
  if (!campaignModels(db, campaignId).some((m) => m.id === subjectId)) throw new AppError('NOT_FOUND', 'That model is not on a team of this campaign.');
}

export const noteHandlers: NoteHandlers = {
  'notes.list': ({ campaignId }, ctx) => {
    mustFindCampaign(ctx.db, campaignId);
    return notesRepo.listNotes(ctx.db, campaignId).map(view);
  },

  'notes.set': ({ campaignId, subjectKind, subjectId, text }, ctx) => {
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
  },

  'campaigns.records': ({ id }, ctx) => {
    mustFindCampaign(ctx.db, id);
    return recordsOf(ctx.db, id);
  },
};
