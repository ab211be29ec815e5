/**
 * Exactly the phone page's own built files (issue 28): its entry script, the chunks it imports (also lazily), its
 * styles and the fonts and pictures they name — read from Vite's build manifest, so the desktop app's chunks are never
 * served to a phone. Without a manifest (a folder made by hand, as the tests make one) only the name pattern applies.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** Where Vite writes the manifest under the renderer's build folder (vite.config.ts `build.manifest`). */
export const MANIFEST = path.join('.vite', 'manifest.json');

/** The phone page's files as request paths ("/assets/phone-….js"), or null when the build has no manifest. */
export function phoneAssets(staticDir: string): ReadonlySet<string> | null {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(staticDir, MANIFEST), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return null;
  }
  const entry = Object.keys(manifest).find((k) => k === 'phone.html' || k.endsWith('/phone.html'));
  if (!entry) return new Set();
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${f}`);
    for (const k of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(k);
  };
  visit(entry);
  return files;
}
