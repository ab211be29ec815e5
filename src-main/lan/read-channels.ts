/**
 * The only channels the Club Wi-Fi view answers (issue 22): what the phone pages read. Every other channel of the
 * contract — every write, and the reads a phone has no business with (file dialogs, backups, where the file lives) —
 * is refused by the LAN listener before it reaches the core.
 */
import type { ChannelName } from '../../shared/ipc/contract';

export const LAN_READ_CHANNELS = [
  'campaigns.list',
  'campaigns.get',
  'campaigns.standings',
  'campaigns.bulletin',
  'players.list',
  'teams.list',
  'teams.get',
  'teams.history',
  'models.history',
  'games.list',
  'games.get',
] as const satisfies readonly ChannelName[];

export type LanReadChannel = (typeof LAN_READ_CHANNELS)[number];

const allowed: ReadonlySet<string> = new Set(LAN_READ_CHANNELS);
export const isLanReadChannel = (channel: unknown): channel is LanReadChannel => typeof channel === 'string' && allowed.has(channel);
