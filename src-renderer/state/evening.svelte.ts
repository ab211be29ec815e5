/**
 * The Tonight screen's state (issue 33): who is here, the proposed pairings, swaps and locks, and the games set up.
 *
 * The evening lives in the renderer (docs/decisions.md, "Evening pairings"): what matters afterwards is carried by the
 * games it sets up. Today's games (set up or already played) come back as locked pairings whenever the screen opens;
 * the ticks, swaps and locks of pairings not yet set up last while Herald runs (kept per campaign when the organiser
 * leaves the screen), not across a restart.
 */
import type { GameSummary } from '../../shared/ipc/schemas/games';
import type { TeamSummary } from '../../shared/ipc/schemas/teams';
import {
  nightsSatOut,
  proposePairings,
  swapTeams,
  type EveningTeam,
  type PairingsContext,
  type Pairing,
  type Proposal,
  type UnderdogRule,
} from '../../shared/rules';
import { api, messageOf } from '../api';
import { todayIso } from '../components/game/words';
import { eveningCode } from '../print/evening-code';
import { underdogRuleOf } from '../components/evening/words';

/** How far back the history reaches: enough for every team's last games and a few seasons of byes. */
const HISTORY_GAMES = 2000;

interface Kept {
  day: string;
  present: string[];
  proposal: Proposal | null;
  chosenBye: string | null;
  attempt: number;
}
/** The evening per campaign while Herald runs (leaving the screen for a game and coming back keeps it). */
const kept: Record<string, Kept> = {};

/** Forgets a campaign's evening, as a restart does (tests). */
export function forgetEvening(campaignId: string) {
  delete kept[campaignId];
}

const pairKey = (a: string, b: string) => [a, b].sort().join('|');

export class EveningState {
  readonly campaignId: string;
  readonly today = todayIso();
  campaignName = $state('');
  handedOver = $state(false);
  /** The founded teams of players still playing, by name. */
  teams = $state<TeamSummary[]>([]);
  present = $state<string[]>([]);
  proposal = $state<Proposal | null>(null);
  /** Tonight's games (drafts or played), by the pairing's key. */
  tonight = $state<Record<string, GameSummary>>({});
  /** The team picked for a swap, waiting for the second. */
  picked = $state<string | null>(null);
  loadError = $state<string | null>(null);
  loaded = $state(false);
  setUpBusy = $state<string | null>(null);
  pairingError = $state<Record<string, string>>({});
  /** The game nights each team sat out before tonight (its byes so far). */
  byes = $state<Record<string, number>>({});
  #history: { a: string; b: string }[] = [];
  #underdog: UnderdogRule | null = null;
  #chosenBye: string | null = null;
  #attempt = 0;

  constructor(campaignId: string) {
    this.campaignId = campaignId;
    const before = kept[campaignId];
    if (before && before.day === this.today) {
      this.present = before.present;
      this.proposal = before.proposal;
      this.#chosenBye = before.chosenBye;
      this.#attempt = before.attempt;
    }
  }

  async load() {
    try {
      const id = this.campaignId;
      const [campaign, teams, players, games, rules] = await Promise.all([
        api.call('campaigns.get', { id }),
        api.call('teams.list', { campaignId: id }),
        api.call('players.list', { campaignId: id }),
        api.call('games.list', { campaignId: id, status: ['draft', 'committed'], limit: HISTORY_GAMES }),
        api.call('rulesets.current', { id }),
      ]);
      const retired = players.filter((p) => p.retiredAt).map((p) => p.id);
      this.campaignName = campaign.name;
      this.handedOver = campaign.handedOver !== null;
      this.teams = teams.filter((t) => t.founded && !retired.includes(t.playerId)).sort((x, y) => x.name.localeCompare(y.name));
      this.#underdog = underdogRuleOf(rules.ruleset);
      const played = games.filter((g) => g.status === 'committed' && g.playedOn < this.today);
      this.#history = played.map((g) => ({ a: g.teams.a.id, b: g.teams.b.id }));
      this.byes = Object.fromEntries(
        nightsSatOut(
          played.map((g) => ({ a: g.teams.a.id, b: g.teams.b.id, playedOn: g.playedOn })),
          this.today,
        ),
      );
      this.tonight = Object.fromEntries(games.filter((g) => g.playedOn === this.today).map((g) => [pairKey(g.teams.a.id, g.teams.b.id), g]));
      // Tonight's games bring their teams here.
      const inGames = Object.values(this.tonight).flatMap((g) => [g.teams.a.id, g.teams.b.id]);
      const known = this.teams.map((t) => t.id);
      this.present = known.filter((t) => this.present.includes(t) || inGames.includes(t));
      this.loadError = null;
      this.propose(false);
    } catch (e) {
      this.loadError = messageOf(e);
    } finally {
      this.loaded = true;
    }
  }

  team = (id: string) => {
    const t = this.teams.find((x) => x.id === id);
    return { name: t?.name ?? 'A team no longer here', playerName: t?.playerName ?? '', threat: t?.threat ?? 0 };
  };
  byesOf = (id: string) => this.byes[id] ?? 0;
  gameOf = (p: Pick<Pairing, 'a' | 'b'>): GameSummary | null => this.tonight[pairKey(p.a, p.b)] ?? null;
  isHere = (id: string) => this.present.includes(id);

  get context(): PairingsContext {
    const present: EveningTeam[] = this.teams
      .filter((t) => this.present.includes(t.id))
      .map((t) => ({ id: t.id, playerId: t.playerId, threat: t.threat, byes: this.byesOf(t.id) }));
    return { present, pastGames: this.#history, campaignThreats: this.teams.map((t) => t.threat), underdog: this.#underdog };
  }

  /** Pairs again, keeping the locked pairings and tonight's games; `fresh` asks for another draw among equals. */
  propose(fresh = true) {
    if (fresh) this.#attempt += 1;
    // The tables keep their order: the pairings kept from the last proposal first, then tonight's other games.
    const locked = [
      ...(this.proposal?.pairings.filter((p) => p.locked || this.gameOf(p)) ?? []),
      ...Object.values(this.tonight)
        .sort((x, y) => x.number - y.number)
        .map((g) => ({ a: g.teams.a.id, b: g.teams.b.id })),
    ];
    this.proposal = proposePairings({ ...this.context, locked, bye: this.#chosenBye, seed: `${this.campaignId}:${this.today}:${this.#attempt}` });
    this.picked = null;
    this.#keep();
  }

  toggle(id: string) {
    if (this.#inGame(id)) return;
    this.present = this.isHere(id) ? this.present.filter((t) => t !== id) : [...this.present, id];
    this.propose(false);
  }

  setEveryone(here: boolean) {
    const inGames = this.teams.filter((t) => this.#inGame(t.id)).map((t) => t.id);
    this.present = here ? this.teams.map((t) => t.id) : inGames;
    this.propose(false);
  }

  /** The first click picks a team, the second swaps it with the one picked (a click on the same team drops it). */
  pick(id: string) {
    if (!this.proposal || this.#inGame(id)) return;
    if (this.picked === null || this.picked === id) {
      this.picked = this.picked === id ? null : id;
      return;
    }
    const swapped = swapTeams(this.context, this.proposal, this.picked, id);
    if (swapped.bye !== this.proposal.bye) this.#chosenBye = swapped.bye;
    this.proposal = swapped;
    this.picked = null;
    this.#keep();
  }

  toggleLock(index: number) {
    if (!this.proposal) return;
    this.proposal = { ...this.proposal, pairings: this.proposal.pairings.map((p, i) => (i === index ? { ...p, locked: !p.locked } : p)) };
    this.#keep();
  }

  /** Sets the pairing's game up (mission and deployment rolled, played today), as New game would with these two teams. */
  async setUp(p: Pairing) {
    const key = pairKey(p.a, p.b);
    this.setUpBusy = key;
    this.pairingError = Object.fromEntries(Object.entries(this.pairingError).filter(([k]) => k !== key));
    try {
      const created = await api.call('games.create', {
        campaignId: this.campaignId,
        teamA: p.a,
        teamB: p.b,
        mission: 'roll',
        deployment: 'roll',
        playedOn: this.today,
      });
      this.tonight = { ...this.tonight, [key]: created.game };
      this.proposal = this.proposal && {
        ...this.proposal,
        pairings: this.proposal.pairings.map((x) => (pairKey(x.a, x.b) === key ? { ...x, locked: true } : x)),
      };
      this.#keep();
    } catch (e) {
      this.pairingError = { ...this.pairingError, [key]: `This game was not set up: ${messageOf(e)}` };
    } finally {
      this.setUpBusy = null;
    }
  }

  /** The evening's sheet's route code (print/evening-code.ts). */
  get sheetCode(): string {
    const pairings = (this.proposal?.pairings ?? []).map((p) => ({ a: p.a, b: p.b, gameId: this.gameOf(p)?.id ?? null }));
    return eveningCode({ pairings, bye: this.proposal?.bye ?? null });
  }

  #inGame(id: string) {
    return Object.values(this.tonight).some((g) => g.teams.a.id === id || g.teams.b.id === id);
  }

  #keep() {
    kept[this.campaignId] = { day: this.today, present: this.present, proposal: this.proposal, chosenBye: this.#chosenBye, attempt: this.#attempt };
  }
}
