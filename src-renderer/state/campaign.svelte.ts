/**
 * One campaign's screen: its players and teams, the team lists to build from, and (issue 5) the standings, the game
 * history and the club's settings. Refreshes on change events.
 *
 * The standings, games and settings load separately from the core (campaign, players, teams): a failure there is
 * shown in its own section and never hides the players and teams.
 */
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { CampaignSettingsView, GameSummary, StandingRow } from '../../shared/ipc/schemas/games';

const GAMES_PAGE = 50;
/** The parts of the page's core that load separately. */
const CORE_PARTS = ['campaign', 'players', 'teams', 'teamLists'] as const;
type CorePart = (typeof CORE_PARTS)[number];
/** Events that arrive together (a commit sends three) are answered with one refresh. */
const EVENT_BURST_MS = 30;
import type { Player, TeamListSummary, TeamSummary } from '../../shared/ipc/schemas/teams';
import { api, messageOf } from '../api';
import { fieldErrors, type FieldErrors } from './campaigns.svelte';

export type GameStatusFilter = '' | 'draft' | 'committed' | 'voided';
export interface GameFilters {
  status: GameStatusFilter;
  teamId: string;
  missionId: string;
}

export class CampaignState {
  campaign = $state<Campaign | null>(null);
  players = $state<Player[]>([]);
  teams = $state<TeamSummary[]>([]);
  teamLists = $state<TeamListSummary[]>([]);
  error = $state<string | null>(null);
  loaded = $state(false);

  standings = $state<StandingRow[] | null>(null);
  standingsError = $state<string | null>(null);
  games = $state<GameSummary[] | null>(null);
  gamesError = $state<string | null>(null);
  filters = $state<GameFilters>({ status: '', teamId: '', missionId: '' });
  /** How many games the list shows (newest first); "Show more" adds a page. A ten-year campaign has thousands. */
  gamesLimit = $state(GAMES_PAGE);
  settings = $state<CampaignSettingsView | null>(null);
  settingsError = $state<string | null>(null);
  settingsStatus = $state<'idle' | 'saving' | 'saved' | 'error'>('idle');

  activePlayers = $derived(this.players.filter((p) => !p.retiredAt));
  foundedTeams = $derived(this.teams.filter((t) => t.founded));

  #gamesSeq = 0;

  constructor(readonly id: string) {}

  async load() {
    await Promise.all([this.loadCore(), this.loadStandings(), this.loadGames(), this.loadSettings()]);
  }

  private async loadCore(parts: readonly CorePart[] = CORE_PARTS) {
    const read: Record<CorePart, () => Promise<unknown>> = {
      campaign: () => api.call('campaigns.get', { id: this.id }),
      players: () => api.call('players.list', { campaignId: this.id }),
      teams: () => api.call('teams.list', { campaignId: this.id }),
      teamLists: () => api.call('teamLists.list', {}),
    };
    try {
      const values = await Promise.all(parts.map((p) => read[p]()));
      Object.assign(this, Object.fromEntries(parts.map((p, i) => [p, values[i]])), { error: null });
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.loaded = true;
    }
  }

  /**
   * Refresh only what an event says changed, once for a burst of events (issue 18): a committed game sends one
   * games.changed naming its teams, and the page asks for the teams, the standings and the games once each — 3 calls
   * where a commit used to cost 20.
   */
  #stale: (CorePart | 'standings' | 'games')[] = [];
  #refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private refresh(...parts: (CorePart | 'standings' | 'games')[]) {
    for (const p of parts) if (!this.#stale.includes(p)) this.#stale.push(p);
    this.#refreshTimer ??= setTimeout(() => {
      this.#refreshTimer = null;
      const stale = this.#stale;
      this.#stale = [];
      const core = CORE_PARTS.filter((p) => stale.includes(p));
      if (core.length > 0) void this.loadCore(core);
      if (stale.includes('standings')) void this.loadStandings();
      if (stale.includes('games')) void this.loadGames();
    }, EVENT_BURST_MS);
  }

  async loadStandings() {
    try {
      this.standings = await api.call('campaigns.standings', { id: this.id });
      this.standingsError = null;
    } catch (e) {
      this.standingsError = messageOf(e);
    }
  }

  async loadGames() {
    const seq = ++this.#gamesSeq;
    const f = this.filters;
    try {
      const games = await api.call('games.list', {
        campaignId: this.id,
        ...(f.status ? { status: [f.status] } : {}),
        ...(f.teamId ? { teamId: f.teamId } : {}),
        ...(f.missionId ? { missionId: f.missionId } : {}),
        limit: this.gamesLimit + 1, // one more than shown: tells whether there are more
      });
      if (seq !== this.#gamesSeq) return; // a newer filter's answer wins
      this.games = games;
      this.gamesError = null;
    } catch (e) {
      if (seq === this.#gamesSeq) this.gamesError = messageOf(e);
    }
  }

  setFilters(filters: Partial<GameFilters>) {
    this.filters = { ...this.filters, ...filters };
    this.gamesLimit = GAMES_PAGE;
    void this.loadGames();
  }

  showMoreGames() {
    this.gamesLimit += GAMES_PAGE;
    void this.loadGames();
  }

  async loadSettings() {
    try {
      this.settings = await api.call('campaigns.settings', { id: this.id });
      this.settingsError = null;
    } catch (e) {
      this.settingsError = messageOf(e);
    }
  }

  /** The dice mode (the optional rules are house rules since issue 6: changed on the House rules page). */
  async saveSettings(change: { diceMode: CampaignSettingsView['diceMode'] }) {
    const current = this.settings;
    if (!current) return;
    const diceMode = change.diceMode;
    // Show the choice at once; main's answer replaces it.
    this.settings = { ...current, diceMode };
    this.settingsStatus = 'saving';
    try {
      this.settings = await api.call('campaigns.updateSettings', { id: this.id, diceMode });
      this.settingsStatus = 'saved';
      this.settingsError = null;
    } catch (e) {
      this.settings = current;
      this.settingsStatus = 'error';
      this.settingsError = messageOf(e);
    }
  }

  subscribe(): () => void {
    const mine = (p: { campaignId: string }) => p.campaignId === this.id;
    // Each event names what changed; the page refreshes those sections only (players' names show on teams and in
    // the standings; a team's ledger changes its line and the standings; a game changes the games too).
    const offs = [
      api.on('players.changed', (p) => mine(p) && this.refresh('players', 'teams', 'standings')),
      api.on('teams.changed', (p) => mine(p) && this.refresh('teams', 'standings')),
      // A draft set up, edited or discarded changes the games list only; a commit or void changes teams and standings.
      api.on(
        'games.changed',
        (p) => mine(p) && (p.status === 'draft' || p.status === 'discarded' ? this.refresh('games') : this.refresh('teams', 'standings', 'games')),
      ),
      // A campaign updated from a newer copy (issue 22 hand-over) changes everything on the page.
      api.on('campaigns.changed', (p) => p.id === this.id && this.refresh('campaign', 'players', 'teams', 'standings', 'games')),
      api.on('teamLists.changed', () => this.refresh('teamLists', 'teams')),
    ];
    return () => {
      offs.forEach((off) => off());
      if (this.#refreshTimer !== null) clearTimeout(this.#refreshTimer);
    };
  }

  async addPlayer(name: string): Promise<FieldErrors | null> {
    return this.run(() => api.call('players.create', { campaignId: this.id, name }));
  }
  async renamePlayer(id: string, name: string): Promise<FieldErrors | null> {
    return this.run(() => api.call('players.rename', { id, name }));
  }
  async setRetired(id: string, retired: boolean): Promise<FieldErrors | null> {
    return this.run(() => api.call(retired ? 'players.retire' : 'players.unretire', { id }));
  }
  async createTeam(input: { playerId: string; teamListId: string; name: string }): Promise<{ id: string } | FieldErrors> {
    try {
      const created = await api.call('teams.create', { campaignId: this.id, ...input });
      await this.loadCore();
      return { id: created.team.id };
    } catch (e) {
      return fieldErrors(e);
    }
  }

  private async run(fn: () => Promise<unknown>): Promise<FieldErrors | null> {
    try {
      await fn();
      await this.loadCore();
      return null;
    } catch (e) {
      return fieldErrors(e);
    }
  }
}
