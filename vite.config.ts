import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './src/client/web-manifest.ts';

export default defineConfig({
  root: 'src/client',
  plugins: [
    react(),
    tailwindcss(),
    // Our own worker (src/client/sw.ts) with Workbox's precache list injected, registered by
    // the app itself once the page is idle (docs/decisions/033).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webManifest,
      includeManifestIcons: false,
      injectManifest: {
        // The app shell: the page, the screens' code and styles (the photo uploader's among them:
        // a capture works offline without Capture ever opened online), the Latin fonts and the
        // icons a launcher shows. The map library, its worker, the world outlines and the payment
        // form are kept once a player opens them (sw.ts), not downloaded up front.
        globPatterns: [
          'index.html',
          'favicon.svg',
          'apple-touch-icon.png',
          'icons/icon-192.png',
          'icons/maskable-192.png',
          'assets/*.{js,css,svg}',
          'assets/noto-sans-latin-{400,500}-normal-*.woff2',
          'assets/bungee-latin-400-normal-*.woff2',
        ],
        // MapLibre is a chunk of its own beside the map view (decision 051), so both are named.
        globIgnores: ['assets/map-view-*', 'assets/maplibre-gl-*', 'assets/stripe-checkout-*'],
      },
    }),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // A lazily loaded screen's chunks are found by the browser from its imports, not announced
    // one <link> at a time from script: on the map home those links cost more main-thread time
    // than the requests they started early (docs/decisions/051). A chunk's styles still load
    // through the helper, which is what applies them.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    // The map chunk is MapLibre itself (~300 kB gzip), loaded only on the map screen.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // A feature's index.ts only re-exports it (lint/boundaries.js): a page that takes one query
      // from it loads that module, not every screen and dialog of the feature beside it.
      treeshake: {
        moduleSideEffects: (id) =>
          /[\\/]src[\\/]client[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id)
            ? false
            : undefined,
      },
      output: {
        codeSplitting: {
          // Icons in one chunk, not one chunk each: the map home asked for some 50 of 300 bytes,
          // each a request and a module to start on a phone (docs/decisions/051). Those the
          // first screen of every page needs stay apart, so the landing page loads no others.
          groups: [
            {
              name: 'entry-icons',
              test: /node_modules[\\/]lucide-react/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: Vite serves the client with HMR, the API server answers the rest.
    // The client's own modules live under /api/ too (src/client/api/*.ts): those stay Vite's.
    proxy: {
      '^/api/(?![\\w-]+\\.ts(\\?|$))': 'http://localhost:3000',
      '/objects': 'http://localhost:3000',
      '/basemap': 'http://localhost:3000',
    },
  },
});
