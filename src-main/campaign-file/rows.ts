/**
 * The campaign file's campaign, rulesets, team lists, players and teams, checked as if typed on the screen that makes
 * them (issue 16): names through the screens' name schemas (and unique in the campaign, as the screens compare them),
 * every pinned ruleset's hash recomputed from its content and its content passing the House rules page's checks, team
 * lists through the team-list import's schema. The first problem
 * refuses the import, in words.
 */
import { AppError } from '../../shared/ipc/result';
import { CampaignName } from '../../shared/ipc/schemas/campaigns';
import { PlayerName, TeamName } from '../../shared/ipc/schemas/teams';
import { Roster, Ruleset, TeamList, checkRuleset, describeTeamListIssues } from '../../shared/rules';
import { nameKey } from '../../shared/names';
import { wordsErrorMap } from '../../shared/ipc/issue-words';
import { columnFlags, contentHash } from '../repos/rulesets';
import { fileLocation, type CampaignFile } from './schema';

const refuse = (what: string): never => {
  throw new AppError('VALIDATION', `${what} Nothing was imported.`);
};

const list3 = (problems: readonly string[]) => `${problems.slice(0, 3).join(' ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`;

/** A name as the screen would keep it (trimmed, one space, NFC), or the screen's own reason for refusing it. */
function screenName(schema: typeof PlayerName | typeof CampaignName, name: string, what: string): string {
  const parsed = schema.safeParse(name);
  if (!parsed.success) refuse(`${what}: ${parsed.error.issues[0]!.message}`);
  return parsed.data!;
}

export interface CheckedRulesets {
  /** The file's pinned rulesets, parsed, in the order they were pinned (the last is the campaign's ruleset now). */
  rulesets: Ruleset[];
}

/**
 * Every pinned ruleset: its stored hash must be the hash of its content (a file that kept a preset's hash over other
 * tables would otherwise be taken for that preset: issue 16), it must parse, and its id, name and version must be its
 * content's; the one the campaign plays now must also pass the House rules page's checks.
 */
export function checkRulesets(file: CampaignFile): CheckedRulesets {
  const rulesets = file.rulesets.map((r, i) => {
    const what = `The ruleset “${r.name}” pinned ${r.pinnedAt.slice(0, 10)} (ruleset ${i + 1} in the file, rulesets[${i}])`;
    if (contentHash(r.content) !== r.hash) refuse(`${what} was changed after the campaign was exported: its rules do not match its hash.`);
    // The ruleset played now passes today's House rules checks; an earlier one (history, never played again) must parse.
    const check =
      i === file.rulesets.length - 1 ? checkRuleset(r.content) : { problems: Ruleset.safeParse(r.content).success ? [] : checkRuleset(r.content).problems };
    if (check.problems.length > 0) refuse(`${what} has problems the House rules page would refuse: ${list3(check.problems)}`);
    const ruleset = Ruleset.parse(r.content);
    if (ruleset.id !== r.rulesetId || ruleset.name !== r.name || ruleset.version !== r.version)
      refuse(`${what} is filed under another id, name or version than its rules say.`);
    return ruleset;
  });
  return { rulesets };
}

/** The team lists the file brings, parsed, by their id in the file. */
export function checkTeamLists(file: CampaignFile): Map<string, TeamList> {
  const lists = new Map<string, TeamList>();
  file.teamLists.forEach((l, i) => {
    const parsed = TeamList.safeParse(l.content);
    if (!parsed.success) {
      // The team-list import's own words and place ("Entry 3 (Tactical Marine), option 'Plasma gun': …").
      const first = describeTeamListIssues(l.content, parsed.error.issues)[0]!;
      const name = typeof (l.content as { name?: unknown } | null)?.name === 'string' ? `“${(l.content as { name: string }).name}” ` : '';
      refuse(`Team list ${name}(team list ${i + 1} in the file) is not a valid team list: ${first.text}`);
    }
    lists.set(l.id, parsed.data!);
  });
  return lists;
}

/**
 * The campaign, players and teams with their names as the screens keep them; two players (or two teams) whose names
 * the screens would take for the same name refuse the import.
 */
export function checkPeople(file: CampaignFile): Pick<CampaignFile, 'campaign' | 'players' | 'teams'> {
  const campaign = {
    ...file.campaign,
    name: screenName(CampaignName, file.campaign.name, 'The campaign’s name'),
    optionalRules: columnFlags(file.campaign.optionalRules),
  };
  const unique = <T extends { name: string }>(rows: T[], schema: typeof PlayerName, what: string): T[] => {
    const seen = new Map<string, string>();
    return rows.map((r) => {
      const name = screenName(schema, r.name, `The ${what} “${r.name}”`);
      const clash = seen.get(nameKey(name));
      if (clash !== undefined) refuse(`Two ${what}s in this file are both called “${clash}” (names are compared ignoring case and accents).`);
      seen.set(nameKey(name), name);
      return { ...r, name };
    });
  };
  const players = unique(file.players, PlayerName, 'player');
  const teams = unique(file.teams, TeamName, 'team').map((t, i) => {
    const roster = Roster.safeParse(t.roster, { error: wordsErrorMap });
    if (!roster.success)
      refuse(
        `The roster of ${t.name} is not valid: ${fileLocation(['teams', i, 'roster', ...roster.error.issues[0]!.path])}: ${roster.error.issues[0]!.message}`,
      );
    return { ...t, roster: roster.data! };
  });
  // A model is on one roster once (teams.saveDraft refuses a roster with an id twice), and on one team's roster only.
  const onRoster = new Map<string, string>();
  for (const t of teams) {
    for (const m of t.roster.models) {
      const other = onRoster.get(m.id);
      if (other !== undefined)
        refuse(
          other === t.name
            ? `The roster of ${t.name} has two models with the same id.`
            : `${t.name} and ${other} have a model with the same id on their rosters.`,
        );
      onRoster.set(m.id, t.name);
    }
  }
  // A team is founded exactly when its ledger starts with its founding (teams.found writes both at once). The founding
  // roster is not checked against today's team list: the list may have been edited since (issue 4's editor).
  const firstKind = new Map<string, string>();
  for (const e of file.ledger) if (!firstKind.has(e.teamId)) firstKind.set(e.teamId, e.kind);
  for (const t of teams) {
    const first = firstKind.get(t.id);
    if (t.foundedAt === null && first !== undefined) refuse(`${t.name} is not founded, but has ledger entries.`);
    if (t.foundedAt !== null && first !== 'team.founded') refuse(`${t.name} is founded, but its ledger does not start with its founding.`);
  }
  return { campaign, players, teams };
}
