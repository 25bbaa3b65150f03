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
    rolldownOptions: {
      treeshake: {
        // better-auth's client and what it pulls in (WebAuthn, fetch wrapper, stores) do nothing on import; said
        // so, an unused import of them is dropped, and the app shell — which reads the session through the auth
        // feature's index — no longer carries them (≈16 KB gzip; docs/benchmarks.md "Web bundle").
        moduleSideEffects: [
          {
            test: /node_modules\/(better-auth|@better-auth|@better-fetch|better-call|@simplewebauthn|nanostores)\//,
            sideEffects: false,
          },
          { test: /features\/auth\/auth-client\.ts$/, sideEffects: false },
        ],
      },
    },
  },
});
