import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { MANIFEST, phoneAssets } from './phone-assets';

describe('the phone is served exactly its own built files (issue 28)', () => {
  it('reads the build manifest: the phone entry, what it imports (also lazily), its styles and assets — no desktop chunk', () => {
    const dir = tempDir('herald-phone-assets-');
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(
      path.join(dir, MANIFEST),
      JSON.stringify({
        'phone.html': {
          file: 'assets/phone-1.js',
          imports: ['_shared-2.js'],
          dynamicImports: ['src/lazy.ts'],
          css: ['assets/phone-3.css'],
          assets: ['assets/icon-4.svg'],
        },
        '_shared-2.js': { file: 'assets/shared-2.js', imports: ['_phone-1-again.js'] },
        '_phone-1-again.js': { file: 'assets/phone-1.js' },
        'src/lazy.ts': { file: 'assets/lazy-5.js' },
        'index.html': { file: 'assets/index-6.js', imports: ['_shared-2.js', '_desktop-7.js'] },
        '_desktop-7.js': { file: 'assets/desktop-7.js' },
      }),
    );
    expect([...phoneAssets(dir)!].sort()).toEqual(
      ['/assets/icon-4.svg', '/assets/lazy-5.js', '/assets/phone-1.js', '/assets/phone-3.css', '/assets/shared-2.js'].sort(),
    );
  });

  it('falls back to the name pattern alone without a manifest, and serves nothing built when the build has no phone page', () => {
    const bare = tempDir('herald-phone-assets-');
    expect(phoneAssets(bare)).toBeNull();
    fs.mkdirSync(path.join(bare, '.vite'));
    fs.writeFileSync(path.join(bare, MANIFEST), JSON.stringify({ 'index.html': { file: 'assets/index-1.js' } }));
    expect(phoneAssets(bare)?.size).toBe(0);
  });
});
