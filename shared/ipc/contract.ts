/**
 * THE IPC contract: every channel the renderer may call and every event main may send, named once, each with its zod
 * schemas. The preload allowlist, the typed renderer client, the browser bridge and dispatch() all derive from here.
 * Channels are `domain.verb`; events are `domain.changed`.
 */
import { z } from 'zod';
import { AppInfo, Empty } from './schemas/app';
import {
  Campaign,
  CampaignCreateInput,
  CampaignIdInput,
  CampaignRenameInput,
  CampaignsListInput,
} from './schemas/campaigns';

interface ChannelSpec<I extends z.ZodType, O extends z.ZodType> {
  input: I;
  output: O;
  /** One line for the channel index in docs/ipc.md and for error messages. */
  summary: string;
}
const channel = <I extends z.ZodType, O extends z.ZodType>(spec: ChannelSpec<I, O>) => spec;

export const channels = {
  'app.info': channel({ input: Empty, output: AppInfo, summary: 'Version, mode and where the campaign file lives.' }),

  'campaigns.list': channel({
    input: CampaignsListInput,
    output: z.array(Campaign),
    summary: 'Campaigns on this computer, newest first; archived ones only when asked.',
  }),
  'campaigns.get': channel({ input: CampaignIdInput, output: Campaign, summary: 'One campaign.' }),
  'campaigns.create': channel({
    input: CampaignCreateInput,
    output: Campaign,
    summary: 'Create a campaign (name, points limit).',
  }),
  'campaigns.rename': channel({ input: CampaignRenameInput, output: Campaign, summary: 'Rename a campaign.' }),
  'campaigns.archive': channel({
    input: CampaignIdInput,
    output: Campaign,
    summary: 'Archive a campaign: hidden from the home list, nothing deleted.',
  }),
  'campaigns.unarchive': channel({ input: CampaignIdInput, output: Campaign, summary: 'Bring an archived campaign back.' }),
} as const;

export const events = {
  /** A campaign was created, renamed, archived or unarchived. */
  'campaigns.changed': z.object({ id: z.string() }).strict(),
  /** The application menu asked for the new-campaign form (Electron only). */
  'menu.newCampaign': z.object({}).strict(),
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelParsedInput<C extends ChannelName> = z.output<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const CHANNEL_NAMES = Object.keys(channels) as ChannelName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

export const isChannelName = (name: unknown): name is ChannelName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name);
export const isEventName = (name: unknown): name is EventName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name);
