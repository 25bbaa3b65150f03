import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves `dist` with an SPA fallback; in `vite dev` the API is proxied to it.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Only when asked for (WEB_SOURCE_MAPS=true, which also makes the server serve them): maps show the source.
    sourcemap: process.env.WEB_SOURCE_MAPS === 'true',
  },
});
