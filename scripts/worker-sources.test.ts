/** Issue 32: the worker threads' code is bundled from typed files; the committed strings are the ones the files give. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED, workerSources } from './worker-sources.mjs';

describe('worker sources (src-main/db/threads/)', () => {
  it('sources.generated.ts is what scripts/worker-sources.mjs makes from the *.thread.ts files (run npm run build)', () => {
    const committed = readFileSync(resolve(import.meta.dirname, '..', GENERATED), 'utf8');
    const fresh = workerSources();
    expect(fresh).toContain('BACKUP_SOURCE');
    expect(committed === fresh).toBe(true);
  });
});
