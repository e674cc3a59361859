import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // The map chunk is MapLibre itself (~300 kB gzip), loaded only on the map screen.
    chunkSizeWarningLimit: 1200,
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
