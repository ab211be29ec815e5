/**
 * The sample campaign (issue 31): a small played campaign a newcomer can look around — four players, three founded
 * teams and a fourth still a draft, three games committed with what they did to the teams. It is made through the
 * same handlers the screens call (`call` is dispatch over the handler map, so every input is checked as the
 * renderer's would be), never raw SQL. Herald rolls its dice: each game's from its own seed, like any game.
 */
import type { ChannelName, ChannelOutput } from '../shared/ipc/contract';
import { AppError, type Result } from '../shared/ipc/result';
import type { Campaign } from '../shared/ipc/schemas/campaigns';
import type { GameDetail, GameDraft } from '../shared/ipc/schemas/games';
import type { HandlerContext } from './context';
import { deleteCampaignRows } from './campaign-delete';
import { createCampaign } from './campaigns/lifecycle';
import * as repo from './repos/campaigns';

/** One request through dispatch, as the renderer makes it. */
export type Call = (channel: ChannelName, input: unknown) => Promise<Result<unknown>>;

export const SAMPLE_NAME = 'Sample: the Ashfall Crusade';

type Side = 'a' | 'b';
interface SampleTeam {
  player: string;
  list: string;
  name: string;
  /** Entry id and model name. */
  models: [string, string][];
  founded: boolean;
}

const TEAMS: SampleTeam[] = [
  {
    player: 'Alice',
    list: 'space-marines-sample',
    name: 'Iron Wolves',
    founded: true,
    models: [
      ['sergeant', 'Sergeant Tarkus'],
      ['veteran', 'Brother Kaelen'],
      ['tactical-marine', 'Brother Cato'],
      ['tactical-marine', 'Brother Varro'],
      ['tactical-marine', 'Brother Lucan'],
    ],
  },
  {
    player: 'Bob',
    list: 'orks-sample',
    name: 'Da Krumpas',
    founded: true,
    models: [
      ['boss-nob', 'Grukk'],
      ['burna-boy', 'Skorcha'],
      ['boy', 'Snag'],
      ['boy', 'Ruk'],
      ['boy', 'Gob'],
      ['boy', 'Zog'],
    ],
  },
  {
    player: 'Chen',
    list: 'imperial-guard-sample',
    name: 'Cadian 88th',
    founded: true,
    models: [
      ['veteran-sergeant', 'Sergeant Harker'],
      ['specialist', 'Trooper Vance'],
      ['guardsman', 'Trooper Mira'],
      ['guardsman', 'Trooper Doyle'],
      ['guardsman', 'Trooper Kell'],
      ['guardsman', 'Trooper Brandt'],
    ],
  },
  // A player who joined last week: her team is entered and legal but not founded yet — a next step to take.
  {
    player: 'Dana',
    list: 'space-marines-sample',
    name: 'Storm Hawks',
    founded: false,
    models: [
      ['sergeant', 'Sergeant Ashe'],
      ['tactical-marine', 'Brother Idris'],
      ['tactical-marine', 'Brother Sollan'],
      ['scout', 'Scout Rennick'],
    ],
  },
];

/** Who took whom out of action in a game, by model name; `first` scores First Blood for its side. */
interface SampleGame {
  teams: [string, string];
  mission: string;
  outOfAction: { model: string; by: string; how: 'shooting' | 'melee' }[];
  firstBlood: Side;
  report: string;
}

const GAMES: SampleGame[] = [
  {
    teams: ['Iron Wolves', 'Da Krumpas'],
    mission: 'skirmish',
    outOfAction: [
      { model: 'Skorcha', by: 'Brother Kaelen', how: 'shooting' },
      { model: 'Snag', by: 'Brother Cato', how: 'shooting' },
      { model: 'Brother Varro', by: 'Grukk', how: 'melee' },
    ],
    firstBlood: 'a',
    report: 'Kaelen’s plasma found the Burna Boy before he could light up the ruins; Grukk took Varro with him into the smoke.',
  },
  {
    teams: ['Cadian 88th', 'Da Krumpas'],
    mission: 'skirmish',
    outOfAction: [
      { model: 'Trooper Mira', by: 'Grukk', how: 'melee' },
      { model: 'Trooper Doyle', by: 'Ruk', how: 'shooting' },
      { model: 'Gob', by: 'Trooper Vance', how: 'shooting' },
    ],
    firstBlood: 'b',
    report: 'The Krumpas charged straight across the open ground and the Cadian line bent, but held.',
  },
  {
    teams: ['Iron Wolves', 'Cadian 88th'],
    mission: 'skirmish',
    outOfAction: [
      { model: 'Trooper Kell', by: 'Sergeant Tarkus', how: 'melee' },
      { model: 'Brother Lucan', by: 'Trooper Vance', how: 'shooting' },
    ],
    firstBlood: 'b',
    report: 'A close one: Vance’s lucky shot dropped Lucan early, and Tarkus had to win it with his chainsword.',
  },
];

/** The sample campaign already here (archived or not), if any. */
export function existingSample(ctx: HandlerContext): Campaign | undefined {
  return repo.listCampaigns(ctx.db, true).find((c) => c.sample);
}

/** SAMPLE_NAME, or "… 2" (3, …) when a campaign of the club's already has that name. */
function freeName(ctx: HandlerContext): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? SAMPLE_NAME : `${SAMPLE_NAME} ${n}`;
    if (!repo.findCampaignByName(ctx.db, name)) return name;
  }
}

/** Makes the sample campaign, or gives the one already here. A step that fails takes back all it made, in words. */
export async function buildSample(ctx: HandlerContext, call: Call): Promise<{ campaign: Campaign; created: boolean }> {
  const found = existingSample(ctx);
  if (found) return { campaign: found, created: false };
  const campaign = createCampaign(ctx, { name: freeName(ctx), pointsLimit: 250, preset: 'hor-battle-honours' }, repo.SAMPLE_PIN_REASON);
  try {
    await fillSample(ctx, campaign.id, call);
  } catch (e) {
    ctx.db.transaction((tx) => deleteCampaignRows(tx, campaign.id));
    ctx.emit('campaigns.changed', { id: campaign.id });
    const why = e instanceof Error ? e.message : String(e);
    throw new AppError('INTERNAL', `Herald could not make the sample campaign (${why}); nothing of it was kept.`);
  }
  return { campaign: repo.findCampaign(ctx.db, campaign.id)!, created: true };
}

async function fillSample(ctx: HandlerContext, campaignId: string, call: Call) {
  const run = async <C extends ChannelName>(channel: C, input: unknown): Promise<ChannelOutput<C>> => {
    const r = await call(channel, input);
    if (!r.ok) throw new Error(r.error.message);
    return r.value as ChannelOutput<C>;
  };
  const lists = await run('teamLists.list', {});
  const teamIds = new Map<string, string>();
  for (const t of TEAMS) {
    const player = await run('players.create', { campaignId, name: t.player });
    const list = lists.find((l) => l.listKey === t.list);
    if (!list) throw new Error(`the team list “${t.list}” is missing`);
    const made = await run('teams.create', { campaignId, playerId: player.id, teamListId: list.id, name: t.name });
    const models = t.models.map(([entryId, name]) => ({ id: ctx.newId(), entryId, name, options: {}, armoury: [], grenades: {} }));
    await run('teams.saveDraft', { id: made.team.id, roster: { models } });
    if (t.founded) await run('teams.found', { id: made.team.id });
    teamIds.set(t.name, made.team.id);
  }
  // One game a club night, weekly, the last a week ago: the standings and the charts have a history to show.
  const night = (weeksAgo: number) => new Date(ctx.now().getTime() - weeksAgo * 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  for (const [i, g] of GAMES.entries()) {
    const playedOn = night(GAMES.length - i);
    const created = await run('games.create', { campaignId, teamA: teamIds.get(g.teams[0]), teamB: teamIds.get(g.teams[1]), mission: g.mission, playedOn });
    await run('games.saveDraft', { id: created.game.id, draft: playedDraft(created, g) });
    await run('games.commit', { id: created.game.id });
    await run('notes.set', { campaignId, subjectKind: 'game', subjectId: created.game.id, text: g.report });
  }
}

/** The fresh draft with the game's kills entered, as the result step would (a model not in this game is left out). */
function playedDraft(detail: GameDetail, g: SampleGame): GameDraft {
  const draft = structuredClone(detail.draft);
  const idOf = (name: string) => draft.report.models.find((m) => m.name === name)?.id;
  draft.report.models = draft.report.models.map((m) => {
    const kill = g.outOfAction.find((k) => k.model === m.name);
    const by = kill && idOf(kill.by);
    return kill && by ? { ...m, aliveAtEnd: false, outOfAction: { by, how: kill.how } } : m;
  });
  draft.report.sides[g.firstBlood].firstBlood = true;
  return draft;
}
