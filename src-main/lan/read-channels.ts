/** The Club Wi-Fi view's allowlist (the list itself is shared with the phone pages: shared/ipc/schemas/lan.ts). */
import { LAN_READ_CHANNELS, type LanReadChannel } from '../../shared/ipc/schemas/lan';

export { LAN_READ_CHANNELS, type LanReadChannel };

const allowed: ReadonlySet<string> = new Set(LAN_READ_CHANNELS);
export const isLanReadChannel = (channel: unknown): channel is LanReadChannel => typeof channel === 'string' && allowed.has(channel);
