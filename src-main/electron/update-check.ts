/**
 * The update check (issue 31), notify-only: an older Herald refuses a campaign file from a newer one, so the organiser
 * should hear when there is a newer release. At start (when Help ▸ Check for updates when Herald starts is on) main asks
 * GitHub for the latest release of the repository in package.json (`repository.url`) with Electron's net module,
 * compares its version with the app's, and, when it is newer, shows a quiet notice pointing at the release page.
 * It never downloads or installs anything. Offline (or GitHub unreachable) it stays silent: nothing on screen, nothing
 * in the log; an answer it cannot read is one log line.
 */
export interface Release {
  version: string;
  /** The release page on GitHub. */
  url: string;
}

export type UpdateCheck = { kind: 'newer'; release: Release } | { kind: 'current' } | { kind: 'offline' } | { kind: 'unreadable'; why: string };

/** `owner/name` from package.json's repository (a string or { url }), when it is on GitHub. */
export function githubRepository(repository: unknown): string | null {
  const url = typeof repository === 'string' ? repository : (repository as { url?: unknown } | null)?.url;
  if (typeof url !== 'string') return null;
  const m = /^(?:git\+)?(?:https?:\/\/|git:\/\/|ssh:\/\/git@|git@)github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(url.trim());
  if (m) return `${m[1]}/${m[2]}`;
  const short = /^(?:github:)?([\w.-]+)\/([\w.-]+)$/.exec(url.trim());
  return short ? `${short[1]}/${short[2]}` : null;
}

export const latestReleaseUrl = (repo: string) => `https://api.github.com/repos/${repo}/releases/latest`;

interface Semver {
  core: [number, number, number];
  pre: string[];
}
export function parseSemver(text: string): Semver | null {
  const m = /^v?(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text.trim());
  if (!m) return null;
  return { core: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] ? m[4].split('.') : [] };
}

/** Semver precedence: > 0 when `a` is newer than `b` (1.2.0 > 1.2.0-beta.2 > 1.2.0-beta.1). */
export function compareSemver(a: string, b: string): number {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) return 0;
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return x.core[i]! - y.core[i]!;
  if (x.pre.length === 0 || y.pre.length === 0) return y.pre.length - x.pre.length;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    if (p === q) continue;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn) return Number(p) - Number(q);
    if (pn !== qn) return pn ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return 0;
}

export interface CheckDeps {
  /** Electron's net.fetch (Chromium's network stack: the system's proxy settings apply). */
  fetch(url: string, init: RequestInit): Promise<Response>;
  version: string;
  repo: string;
}

/** Ask GitHub for the latest release and compare. Never throws. */
export async function checkForUpdate(deps: CheckDeps): Promise<UpdateCheck> {
  let response: Response;
  try {
    response = await deps.fetch(latestReleaseUrl(deps.repo), {
      headers: { Accept: 'application/vnd.github+json', 'User-Agent': `Herald/${deps.version}` },
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return { kind: 'offline' };
  }
  // No release published yet: nothing newer.
  if (response.status === 404) return { kind: 'current' };
  if (!response.ok) return { kind: 'unreadable', why: `GitHub answered ${response.status}` };
  let data: { tag_name?: unknown; html_url?: unknown; draft?: unknown; prerelease?: unknown };
  try {
    data = (await response.json()) as typeof data;
  } catch {
    return { kind: 'unreadable', why: 'the answer was not JSON' };
  }
  const tag = typeof data.tag_name === 'string' ? data.tag_name : '';
  if (!parseSemver(tag)) return { kind: 'unreadable', why: `the latest release's tag "${tag.slice(0, 40)}" is not a version` };
  if (data.draft === true || data.prerelease === true) return { kind: 'current' };
  const version = tag.replace(/^v/, '');
  if (compareSemver(version, deps.version) <= 0) return { kind: 'current' };
  // Only ever a page of this repository's releases is opened from the notice.
  const page = `https://github.com/${deps.repo}/releases/`;
  const url = typeof data.html_url === 'string' && data.html_url.startsWith(page) ? data.html_url : `${page}tag/${encodeURIComponent(tag)}`;
  return { kind: 'newer', release: { version, url } };
}

export interface NoticeDeps {
  /** A system notification (quiet: no window in the way); null where the system has none. */
  notify: ((title: string, body: string, onClick: () => void) => void) | null;
  /** The fallback: a message box, answered with the button index. */
  showMessageBox(options: { type: 'info'; title: string; message: string; detail: string; buttons: string[]; defaultId: number; cancelId: number }): Promise<{
    response: number;
  }>;
  openExternal(url: string): void;
}

export const updateMessage = (release: Release) => `Herald ${release.version} is available — see the release page`;

/** Tell the organiser, and nothing more: the release page opens only when they ask. */
export async function showUpdateNotice(release: Release, deps: NoticeDeps): Promise<void> {
  const body = 'Herald does not download or install anything itself: download the new version from the release page when it suits you.';
  if (deps.notify) {
    deps.notify(updateMessage(release), body, () => deps.openExternal(release.url));
    return;
  }
  const { response } = await deps.showMessageBox({
    type: 'info',
    title: 'A newer Herald',
    message: updateMessage(release),
    detail: body,
    buttons: ['See the release page', 'Not now'],
    defaultId: 0,
    cancelId: 1,
  });
  if (response === 0) deps.openExternal(release.url);
}
