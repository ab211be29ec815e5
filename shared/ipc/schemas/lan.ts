/**
 * The Club Wi-Fi view (issue 22): a read-only copy of the campaign's pages served to phones on the club's network.
 * Off by default and off again at quit; a fresh token each time it is switched on.
 */
import { z } from 'zod';
import type { ChannelName } from '../contract';

/** A network address the organiser can serve the view on (IPv4: what a phone on the same Wi-Fi reaches). */
export const LanInterface = z.object({
  /** The system's name for the interface (wlan0, Ethernet, Wi-Fi…). */
  name: z.string(),
  address: z.string(),
  /** What the picker shows: "Wi-Fi — 192.168.1.20", or "This laptop only — 127.0.0.1". */
  label: z.string(),
});
export type LanInterface = z.infer<typeof LanInterface>;

export const LanStatus = z.object({
  /** False where this Herald cannot serve the view (no built pages to serve). */
  available: z.boolean(),
  running: z.boolean(),
  /** The addresses the view can be served on (loopback last: for trying it on this laptop). */
  interfaces: z.array(LanInterface),
  address: z.string().nullable(),
  port: z.number().int().nullable(),
  /** The link with the token, for the QR code; null while off. */
  url: z.string().nullable(),
  /** The same link, short enough to type on a phone (the token grouped in fours). */
  shortLink: z.string().nullable(),
  /** Distinct phones (or browsers) that asked for a page in the last minute. */
  devices: z.number().int().min(0),
  startedAt: z.string().nullable(),
});
export type LanStatus = z.infer<typeof LanStatus>;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export const LanStartInput = z
  .object({
    address: z.string().regex(IPV4, 'Choose one of the network addresses Herald lists.'),
    /** Tests and the bench use 0 (any free port); the app asks for 8787 and takes another when it is in use. */
    port: z.number().int().min(0).max(65535).optional(),
  })
  .strict();
export type LanStartInput = z.infer<typeof LanStartInput>;

/**
 * The only channels the Club Wi-Fi view answers: what the phone pages read. Every other channel of the contract —
 * every write, and the reads a phone has no business with (file dialogs, backups, where the file lives) — is refused
 * by the LAN listener (src-main/lan/) before it reaches the core.
 */
export const LAN_READ_CHANNELS = [
  'campaigns.list',
  'campaigns.get',
  'campaigns.standings',
  'campaigns.progress',
  'campaigns.bulletin',
  'players.list',
  'teams.list',
  'teams.get',
  'teams.history',
  'models.history',
  'teams.progress',
  'games.list',
  'games.get',
  // Issue 33: a game at the table, followed live from the phones (read-only: its taps are refused).
  'table.get',
] as const satisfies readonly ChannelName[];
export type LanReadChannel = (typeof LAN_READ_CHANNELS)[number];
