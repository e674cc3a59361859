import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The landing page's build-time render (src/client/prerender/landing-html.tsx), run in Node by
 * scripts/prerender-landing.mjs after the client build. Asset URLs come out as the client
 * build's, since both name files by their content.
 */
export default defineConfig({
  root: 'src/client',
  plugins: [react()],
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: 'prerender/landing-html.tsx',
    outDir: '../../dist/prerender',
    emptyOutDir: true,
  },
});
