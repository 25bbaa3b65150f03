import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The server serves `dist` with an SPA fallback; in `vite dev` the API is proxied to it.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // Installable app + offline shell (docs/web.md, 'Installable app'). Only the built files are precached;
    // nothing under /api is ever cached, so one user's data is never answered to a signed-out or other user.
    VitePWA({
      // A new build waits for the user's 'Reload' (src/app/pwa/update-notice.ts) instead of taking over a page.
      registerType: 'prompt',
      // Registered from src/app/pwa/register-pwa.ts after load, in its own chunk.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        name: 'Strata',
        short_name: 'Strata',
        description: 'Open-source portfolio and wealth tracking',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1c7ed6',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Lazy chunks (charts, the data grid) are part of the shell too; the default 2 MiB would silently drop one.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        navigateFallback: '/index.html',
        // API paths (and the API docs pages) are never answered with the cached shell.
        navigateFallbackDenylist: [/^\/api(\/|$|\?)/],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname === '/api' || url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
          },
        ],
      },
    }),
  ],
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
          // The features' modules only define things (no module runs code on import: the house test
          // web-module-side-effects checks it), so a feature index's unused re-exports are dropped: a route that
          // takes one hook from the assets index no longer loads the asset pages and drawer with it.
          { test: /apps\/web\/src\/features\/.+\.tsx?$/, sideEffects: false },
        ],
      },
    },
  },
});
