import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// The renderer. Built to dist/renderer and loaded by Electron (app:// protocol) or served by browser mode.
export default defineConfig({
  root: 'src-renderer',
  base: './',
  plugins: [svelte()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // No inline scripts or styles: the CSP forbids them.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2023',
  },
});
