/**
 * Importing a team-list file (issue 11): hostile until proven otherwise (docs/reliability.md rule 7) — size and depth
 * limits, the strict schema, one transaction, and a reason naming what is wrong and where. Used by teamLists.import and
 * by a file dropped on the window (files.importDropped).
 */
import { AppError } from '../../shared/ipc/result';
import { TEAM_LIST_MAX_BYTES } from '../../shared/ipc/schemas/teams';
import { describeTeamListIssues, TeamList } from '../../shared/rules';
import type { HandlerContext } from '../context';
import * as repo from '../repos/team-lists';
import { MAX_JSON_DEPTH, jsonDepth } from '../input-guards';

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return `line ${line}, column ${position - before.lastIndexOf('\n')}`;
}

/** Parse and validate a team-list file, or throw an AppError that says what is wrong and where. */
export function parseTeamListFile(fileName: string, text: string): TeamList {
  const name = fileName || 'The file';
  if (new TextEncoder().encode(text).length > TEAM_LIST_MAX_BYTES) {
    throw new AppError('VALIDATION', `${name} is too large for a team list (over ${TEAM_LIST_MAX_BYTES / 1024} KB).`);
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new AppError('VALIDATION', `${name} is nested too deeply to be a team list.`);
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    const pos = /position (\d+)/.exec((e as Error).message)?.[1];
    throw new AppError('VALIDATION', `${name} is not valid JSON${pos ? ` (${lineAndColumn(text, Number(pos))})` : ''}: ${(e as Error).message}`);
  }
  const parsed = TeamList.safeParse(data);
  if (!parsed.success) {
    // In words with its place in the file ("Entry 3 (Tactical Marine), option 'Plasma gun': …"), never a schema path.
    const problems = describeTeamListIssues(data, parsed.error.issues);
    const first = problems[0]!;
    const more = problems.length > 1 ? ` ${problems.length - 1} more problem${problems.length > 2 ? 's are' : ' is'} in the file.` : '';
    const issues = problems.map((p) => ({ path: p.where, message: p.message }));
    throw new AppError('VALIDATION', `${name} is not a valid team list: ${first.text}${more} Nothing was imported.`, issues);
  }
  return parsed.data;
}

/** Add the file's list to the library (or say it is there already); a verified backup first when it will write. */
export function importTeamList(ctx: HandlerContext, file: { fileName: string; text: string }) {
  const list = parseTeamListFile(file.fileName, file.text);
  // docs/reliability.md rule 3: a verified backup before every import that will write (a refused file makes none).
  if (!repo.findTeamListByKey(ctx.db, list.id, list.listVersion)) ctx.backups.take('before-import');
  const result = ctx.db.transaction((tx) => {
    const existing = repo.findTeamListByKey(tx, list.id, list.listVersion);
    if (existing) {
      if (existing.contentHash === repo.hashList(list)) return { outcome: 'unchanged' as const, list: repo.summarize(tx, existing) };
      throw new AppError(
        'VALIDATION',
        `The library already has ${existing.name} version ${existing.listVersion}, with different contents. ` +
          `Nothing was imported. Give the file a new "listVersion" to keep both, or edit the list in Herald.`,
      );
    }
    const row = repo.insertTeamList(tx, list, ctx.newId(), ctx.now().toISOString());
    return { outcome: 'imported' as const, list: repo.summarize(tx, row) };
  });
  ctx.emit('teamLists.changed', { id: result.list.id });
  return result;
}
