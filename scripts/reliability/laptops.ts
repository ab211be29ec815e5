/**
 * The laptops of one history in the history tests (issue 27): each its own data folder and ids, one clock for all
 * (laptop B plays after A). A new data folder starts from a copy of a fresh campaign file made once per id prefix:
 * migrating and seeding a file anew for every laptop of every history would take most of the tests' time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '../../src-main/core';
import { deterministic, tempDir, testCore } from '../../src-main/test-support';

const freshFiles = new Map<string, { file: string; idsUsed: number }>();
function freshFile(prefix: string) {
  const known = freshFiles.get(prefix);
  if (known) return known;
  let n = 0;
  const core = testCore(tempDir('herald-history-fresh-'), { newId: () => `${prefix}-0000-4000-8000-${String(++n).padStart(12, '0')}`, fullCheck: false });
  const made = { file: core.paths.databaseFile, idsUsed: 0 };
  core.close();
  made.idsUsed = n;
  freshFiles.set(prefix, made);
  return made;
}

/** Remove the fresh campaign files (afterAll). */
export function removeFreshFiles(): void {
  for (const { file } of freshFiles.values()) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  freshFiles.clear();
}

export class Laptops {
  readonly clock = deterministic();
  private readonly open: { core: Core; dir: string }[] = [];

  laptop(prefix: string): Core {
    const fresh = freshFile(prefix);
    let n = fresh.idsUsed;
    const dir = tempDir('herald-history-');
    fs.copyFileSync(fresh.file, path.join(dir, path.basename(fresh.file)));
    const core = testCore(dir, { now: this.clock.now, newId: () => `${prefix}-0000-4000-8000-${String(++n).padStart(12, '0')}`, fullCheck: false });
    this.open.push({ core, dir });
    return core;
  }

  close(core?: Core) {
    for (const o of this.open.filter((x) => core === undefined || x.core === core)) {
      o.core.close();
      fs.rmSync(o.dir, { recursive: true, force: true });
    }
    this.open.splice(0, this.open.length, ...this.open.filter((x) => core !== undefined && x.core !== core));
  }
}
