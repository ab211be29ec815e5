/**
 * The phone's client: read channels only, over the Club Wi-Fi view's listener. The token comes once in the link's
 * fragment (scanned or typed: "#abcd-efgh-jkmn", dashes and capitals forgiven) and is kept for this tab.
 */
import type { ChannelInput, ChannelOutput } from '../../shared/ipc/contract';
import type { Result } from '../../shared/ipc/result';
import type { LanReadChannel } from '../../shared/ipc/schemas/lan';

const TOKEN_KEY = 'herald.lan.token';
const DEVICE_KEY = 'herald.lan.device';

/** "#abcd-efgh-jkmn" (not a route, which starts "#/"): the token, normalised as the laptop made it. */
function takeToken(): string | null {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash && !hash.startsWith('/')) {
    const token = hash.toLowerCase().replace(/[^a-z0-9]/g, '');
    sessionStorage.setItem(TOKEN_KEY, token);
    history.replaceState(null, '', `${location.pathname}#/`);
    return token;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

/** A random id for this phone, so the laptop can count who is looking (it grants nothing). */
function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    // crypto.randomUUID needs a secure context; a LAN address over http is not one, getRandomValues works anywhere.
    id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

export const token = takeToken();
const device = deviceId();

export class PhoneError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function read<C extends LanReadChannel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  let res: Response;
  try {
    res = await fetch('/api/invoke', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-herald-token': token ?? '', 'x-herald-device': device },
      body: JSON.stringify({ channel, input }),
      cache: 'no-store',
    });
  } catch {
    throw new PhoneError('The organiser’s laptop is not answering. Is the Club Wi-Fi view still on, and is this phone on the same Wi-Fi?', 0);
  }
  const result = (await res.json().catch(() => null)) as Result<ChannelOutput<C>> | null;
  if (!result) throw new PhoneError('The laptop sent something this page cannot read. Reload the page.', res.status);
  if (!result.ok) throw new PhoneError(result.error.message, res.status);
  return result.value;
}
