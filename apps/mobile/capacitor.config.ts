import type { CapacitorConfig } from '@capacitor/cli';

// The native app wraps the web app built by `npm run build` (apps/web/dist). A self-hosted Strata is one server
// per household or firm, so the app is built for one: STRATA_SERVER_URL is where it loads the app and calls the
// API (same origin, so the session cookie and CSRF rules are the web's own). Without it the app opens the bundled
// copy, which can only show the sign-in page's "server unreachable" state — fine for a store screenshot, not use.
const serverUrl = process.env.STRATA_SERVER_URL;

const config: CapacitorConfig = {
  appId: process.env.STRATA_APP_ID ?? 'org.strata.app',
  appName: 'Strata',
  webDir: process.env.STRATA_WEB_DIR ?? '../web/dist',
  ...(serverUrl ? { server: { url: serverUrl, cleartext: serverUrl.startsWith('http://') } } : {}),
  android: { allowMixedContent: false },
};

export default config;
