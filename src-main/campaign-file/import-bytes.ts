/**
 * Importing a campaign file's bytes, however they came (a dialog, an upload, a drop): a new campaign, a newer copy of
 * one already here (the hand-over, issue 22), or a copy under a new name — checked whole before anything is written.
 * Shared by the campaigns.importFile and files.importDropped channels, so neither handler leans on the other.
 */
import { AppError } from '../../shared/ipc/result';
import type { EventPayload } from '../../shared/ipc/contract';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { HandlerContext } from '../context';
import {
  asCopy,
  checkAgainstThisComputer,
  checkCampaignFile,
  checkCampaignFileSteps,
  exportCampaign,
  importChecked,
  type CampaignFile,
  type WriteTeller,
} from '../campaign-file';
import { readCampaignFile } from './packed';
import { returnMemorySoon } from './memory';
import { runTelling } from './progress';
import { accountWords, compareLineage, gameNumbers } from './lineage';
import { knownIds, updateFromFile } from './update';
import { setAside } from '../hand-over';
import { findCampaign, findCampaignByOrigin } from '../repos/campaigns';

/** What the dialogs offer: Herald's packed campaign files, and the JSON ones it wrote before (issue 29). */
export const CAMPAIGN_FILE_EXTENSIONS = ['herald-campaign', 'json'];

/** An upload's file: its bytes (base64) or, from Herald before issue 29, its text. Exactly one. */
export function uploadedBytes(input: { text?: string | undefined; base64?: string | undefined }): Uint8Array {
  if ((input.text === undefined) === (input.base64 === undefined))
    throw new AppError('VALIDATION', 'Send the campaign file’s content once: as text or as bytes. Nothing was imported.');
  return input.base64 !== undefined ? Buffer.from(input.base64, 'base64') : Buffer.from(input.text!, 'utf8');
}

/** "Autumn-League-2026-11-27.herald-campaign": a packed campaign file (issue 29; before it, `.herald-campaign.json`). */
export const campaignFileName = (name: string, at: string) =>
  `${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'campaign'}-${at.slice(0, 10)}.herald-campaign`;

const mustFind = (ctx: HandlerContext, id: string): Campaign => {
  const c = findCampaign(ctx.db, id);
  if (!c) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  return c;
};

/**
 * A campaign file's bytes, however they came (a dialog, an upload, a drop: files.importDropped), imported: a new
 * campaign, a newer copy of one here, or a copy under `asCopyAs`'s name. Throws AppError in words. Imported or
 * refused, the memory it took goes back to the system once it has answered (memory.ts).
 */
export async function importCampaignBytes(ctx: HandlerContext, picked: { fileName: string; bytes: Uint8Array }, asCopyAs?: { name: string }) {
  try {
    return await importNow(ctx, picked, asCopyAs);
  } finally {
    returnMemorySoon();
  }
}

async function importNow(ctx: HandlerContext, picked: { fileName: string; bytes: Uint8Array }, asCopyAs?: { name: string }) {
  const progress = importProgress(ctx, picked.fileName);
  const read = await readAndCheck(ctx, picked, progress, asCopyAs);
  if ('outcome' in read) return read;
  const { checked, counts } = read;
  // The last step says it before it starts: from the check against this laptop to the commit nothing may come between.
  await progress('writing', counts);
  checkAgainstThisComputer(ctx.db, checked);
  // docs/reliability.md rule 3: a verified backup before every import that writes.
  ctx.backups.take('before-import');
  const tell = writeTeller(ctx, picked.fileName, counts);
  const id = ctx.db.transaction((tx) => importChecked(tx, checked, ctx.newId, ctx.now().toISOString(), tell));
  ctx.emit('campaigns.changed', { id });
  ctx.emit('teamLists.changed', { id });
  return { outcome: 'imported' as const, campaign: findCampaign(ctx.db, id)! };
}

/**
 * The file read, then updating the campaign here or checked whole as a new one (its checked form only: the file as read
 * is let go before the writing, issue 29). Checked before anything is written: a refused file takes no backup and
 * changes nothing (issue 16).
 */
async function readAndCheck(
  ctx: HandlerContext,
  picked: { fileName: string; bytes: Uint8Array },
  progress: ReturnType<typeof importProgress>,
  asCopyAs?: { name: string },
) {
  await progress('reading');
  const file = await readCampaignFile(picked.fileName, picked.bytes);
  const counts = { games: file.games.length, entries: file.ledger.length };
  // The same campaign already here (its identity across laptops, issue 22): a newer copy updates it.
  const here = asCopyAs ? undefined : findCampaignByOrigin(ctx.db, file.campaign.originId ?? file.campaign.id);
  if (here) {
    await progress('checking', counts);
    return importOverThisLaptop(ctx, here.id, file, picked.fileName, picked.bytes);
  }
  // Its ledger entries counted as they are checked (told at once, as the writing's counts are: that check has no pause),
  // then game by game, telling the windows as it goes: nothing is written and this laptop is not consulted until the next step.
  await progress('checking', counts);
  const tellEntries = (entriesChecked: number) =>
    ctx.emit('campaigns.importProgress', { fileName: picked.fileName.slice(0, 200), step: 'checking', ...counts, entriesChecked });
  const steps = checkCampaignFileSteps(file, ctx.newId, undefined, tellEntries);
  const fresh = await runTelling(steps, counts.games, (gamesChecked) => progress('checking', { ...counts, gamesChecked }));
  return { checked: asCopyAs ? asCopy(fresh, asCopyAs.name) : fresh, counts };
}

/**
 * The import's steps, told to the windows as it reaches each (issue 31: a ten-year file takes seconds to read, check,
 * back up, write and replay, and a greyed button says nothing). Each step's work runs without a pause, so the event is
 * let out first: a turn of the event loop, which is what sends it to the window (Electron's IPC, browser mode's stream).
 */
function importProgress(ctx: HandlerContext, fileName: string) {
  type Counts = { games: number; entries: number; gamesChecked?: number; entriesChecked?: number };
  return async (step: EventPayload<'campaigns.importProgress'>['step'], counts: Counts | Record<string, never> = {}) => {
    ctx.emit('campaigns.importProgress', { fileName: fileName.slice(0, 200), step, ...counts });
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
}

/**
 * The writing step's count, told from inside its transaction (issue 31): nothing may come between its games, so there
 * is no turn of the event loop to wait for. The event leaves at once all the same — Electron's webContents.send hands it
 * to Chromium's IPC as it is sent, and browser mode's stream flushes each event (bridge/server.ts) — and the window,
 * another process, shows it. At most a hundred of each count (games stored, ledger entries stored, games judged), as
 * the check's, and the last of each always; the last part (`finishing`) once.
 */
export function writeTeller(ctx: HandlerContext, fileName: string, counts: { games: number; entries: number }): WriteTeller {
  const gamesEvery = Math.max(1, Math.ceil(counts.games / 100));
  const every = { gamesWritten: gamesEvery, entriesWritten: Math.max(1, Math.ceil(counts.entries / 100)), gamesJudged: gamesEvery };
  const last = { gamesWritten: 0, entriesWritten: 0, gamesJudged: -gamesEvery };
  return (p) => {
    if ('finishing' in p) return ctx.emit('campaigns.importProgress', { fileName: fileName.slice(0, 200), step: 'writing', ...counts, ...p });
    const [key, done, total]: [keyof typeof last, number, number] =
      'gamesWritten' in p
        ? ['gamesWritten', p.gamesWritten, counts.games]
        : 'entriesWritten' in p
          ? ['entriesWritten', p.entriesWritten, counts.entries]
          : ['gamesJudged', p.gamesJudged, p.gamesToJudge];
    if (done - last[key] < every[key] && done < total) return;
    last[key] = done;
    ctx.emit('campaigns.importProgress', { fileName: fileName.slice(0, 200), step: 'writing', ...counts, ...p });
  };
}

/**
 * A file of campaign `hereId`, already on this laptop (the same identity across laptops). Updates it, or says why not.
 * `fileName` and `bytes` are the file as picked: a refused file is kept aside under its name.
 */
export function importOverThisLaptop(ctx: HandlerContext, hereId: string, file: CampaignFile, fileName: string, bytes: Uint8Array) {
  const at = ctx.now().toISOString();
  const here = mustFind(ctx, hereId);
  const lineage = compareLineage(exportCampaign(ctx.db, hereId, at), file);
  if (lineage.kind === 'diverged') {
    let where: string;
    try {
      where = `The file is kept in Herald’s data folder as ${setAside(ctx.info.dataDir, fileName, bytes, at)}`;
    } catch (e) {
      // A full or read-only disk: the refusal still stands, and the organiser still has the file where it came from.
      where = `The file could not be kept in Herald’s data folder (${(e as Error).message}): keep the one you chose`;
    }
    // A file that changes what this laptop already has (a finished game, an entry) is named by that step (issue 27).
    const what = lineage.rewritten
      ? `The file changes what “${here.name}” on this laptop already has — ${lineage.rewritten}.`
      : `Both laptops changed “${here.name}” after the copies parted: this laptop ${accountWords(lineage.here, 'here', true)}; the file ${accountWords(lineage.file, 'file', true)}.`;
    throw new AppError(
      'VALIDATION',
      `${what} Nothing was merged and nothing changed. ${where}; to keep it as a separate campaign, import it as a copy under a new name.`,
    );
  }
  if (lineage.kind === 'older')
    return {
      outcome: 'unchanged' as const,
      campaign: here,
      // Said as what this laptop has, not what it did: the newer games may have come from the other laptop's file.
      message: `This file is older than “${here.name}” on this laptop, which also ${accountWords(lineage.here, 'file')}: nothing was changed.`,
    };
  // The same ledger: nothing to take, unless the campaign is handed over — then the other laptop held it, and its copy
  // (notes, a game planned there) is the newer, and coming back ends the hand-over.
  if (lineage.kind === 'equal' && here.handedOver === null)
    return {
      outcome: 'unchanged' as const,
      campaign: here,
      message: `“${here.name}” on this laptop already has everything in this file: nothing was changed.`,
    };

  // Checked whole, as a first import is, before anything is written or backed up (issue 16). In one go, not game by
  // game as a new campaign is: the comparison above must still hold when the update is written.
  const checked = checkCampaignFile(file, ctx.newId, knownIds(ctx.db, hereId));
  // docs/reliability.md rule 3: a verified backup before every import that writes.
  ctx.backups.take('before-import');
  ctx.db.transaction((tx) => updateFromFile(tx, checked, ctx.newId, at));
  ctx.emit('campaigns.changed', { id: hereId });
  ctx.emit('teamLists.changed', { id: hereId });
  const added = lineage.kind === 'extends' ? lineage.file : null;
  const news = added === null || added.committed.length === 0 ? 'no new games' : `${gameNumbers(added.committed)} added`;
  const back = here.handedOver ? ' It is back on this laptop and can be changed here again.' : '';
  return { outcome: 'updated' as const, campaign: mustFind(ctx, hereId), message: `“${here.name}” was updated from the file (${news}).${back}` };
}
