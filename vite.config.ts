import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Fonts once (issue 29): every browser Herald runs in (Electron's Chromium, the phones' browsers) reads woff2, so the
 * @fontsource faces keep only their woff2 source and the woff copies (half the fonts' bytes) are never bundled.
 */
const woff2Only = (): Plugin => ({
  name: 'herald-woff2-only',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]@fontsource[\\/].*\.css$/.test(id)) return null;
    return { code: code.replace(/,\s*url\([^)]*\.woff\)\s*format\(['"]woff['"]\)/g, ''), map: null };
  },
});

// The renderer. Built to dist/renderer and loaded by Electron (app:// protocol) or served by browser mode.
export default defineConfig({
  root: 'src-renderer',
  base: './',
  plugins: [woff2Only(), svelte()],
  build: {
    outDir: '../dist/renderer',
    // The Club Wi-Fi view serves a phone exactly the phone page's own files, read from this (src-main/lan/phone-assets.ts).
    manifest: true,
    emptyOutDir: true,
    // No inline scripts or styles: the CSP forbids them.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2023',
    // Two pages: the app, and the Club Wi-Fi view's read-only phone pages (issue 22), served by the LAN listener.
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./src-renderer/index.html', import.meta.url)),
        phone: fileURLToPath(new URL('./src-renderer/phone.html', import.meta.url)),
      },
    },
  },
});
