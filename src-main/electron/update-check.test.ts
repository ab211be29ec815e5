import { describe, expect, it } from 'vitest';
import { checkForUpdate, compareSemver, githubRepository, latestReleaseUrl } from './update-check';

describe('the update check’s pieces (issue 31)', () => {
  it('reads owner/name from package.json’s repository in its usual spellings, and nothing else', () => {
    expect(githubRepository({ type: 'git', url: 'https://github.com/herald-kill-team/herald.git' })).toBe('herald-kill-team/herald');
    expect(githubRepository('git+https://github.com/a/b.git')).toBe('a/b');
    expect(githubRepository('git@github.com:a/b.git')).toBe('a/b');
    expect(githubRepository('github:a/b')).toBe('a/b');
    expect(githubRepository('https://gitlab.com/a/b.git')).toBeNull();
    expect(githubRepository(undefined)).toBeNull();
    expect(latestReleaseUrl('a/b')).toBe('https://api.github.com/repos/a/b/releases/latest');
  });

  it('compares versions as semver does', () => {
    expect(compareSemver('0.2.0', '0.1.0')).toBeGreaterThan(0);
    expect(compareSemver('v0.10.0', '0.9.9')).toBeGreaterThan(0);
    expect(compareSemver('0.1.0', '0.1.0')).toBe(0);
    expect(compareSemver('0.1.0', '0.1.0-beta.2')).toBeGreaterThan(0);
    expect(compareSemver('0.1.0-beta.10', '0.1.0-beta.2')).toBeGreaterThan(0);
    expect(compareSemver('0.1.0-alpha', '0.1.0-beta')).toBeLessThan(0);
    expect(compareSemver('1.0.0', '0.99.99')).toBeGreaterThan(0);
    expect(compareSemver('not a version', '0.1.0')).toBe(0);
  });

  const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });
  const check = (fetch: () => Promise<Response>) => checkForUpdate({ fetch, version: '0.1.0', repo: 'a/b' });

  it('says newer (with this repository’s release page), current, offline or unreadable, and never throws', async () => {
    expect(await check(answer(200, { tag_name: 'v0.2.0', html_url: 'https://github.com/a/b/releases/tag/v0.2.0' }))).toEqual({
      kind: 'newer',
      release: { version: '0.2.0', url: 'https://github.com/a/b/releases/tag/v0.2.0' },
    });
    // A release page elsewhere is never the one opened.
    expect(await check(answer(200, { tag_name: 'v0.2.0', html_url: 'https://evil.example/' }))).toMatchObject({
      release: { url: 'https://github.com/a/b/releases/tag/v0.2.0' },
    });
    expect(await check(answer(200, { tag_name: 'v0.1.0' }))).toEqual({ kind: 'current' });
    expect(await check(answer(200, { tag_name: 'v0.3.0', prerelease: true }))).toEqual({ kind: 'current' });
    expect(await check(answer(404, { message: 'Not Found' }))).toEqual({ kind: 'current' });
    expect(await check(answer(403, { message: 'rate limited' }))).toEqual({ kind: 'unreadable', why: 'GitHub answered 403' });
    expect(await check(answer(200, { tag_name: 'latest' }))).toMatchObject({ kind: 'unreadable' });
    expect(await check(() => Promise.reject(new TypeError('net::ERR_INTERNET_DISCONNECTED')))).toEqual({ kind: 'offline' });
  });
});
