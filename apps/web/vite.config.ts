// Builds the site: the client bundle (hashed assets, one chunk per route, a manifest the prerender
// reads to preload each page's chunk) and, with --ssr, the prerender entry.
import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version),
  },
  build: {
    target: 'es2022',
    manifest: !isSsrBuild,
    // Vite's preload helper is bundled; its polyfill is not needed by the browsers we support.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // React and the router change rarely: one long-cached chunk, named for what it is.
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }] } } },
  },
  server: {
    // In development the API runs on its own port; in production one origin serves both.
    proxy: { '/api': 'http://localhost:2002' },
  },
}));
