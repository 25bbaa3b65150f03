import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three tiers (see docs/testing.md): unit (pure code and web components), db (repositories and
// routes against a real database: PGlite always, PostgreSQL when TEST_DATABASE_URL is set), e2e
// (the built app in headless Chromium).
const dbProjects = [
  { name: 'db-pglite', env: { STRATA_TEST_DB: 'pglite' } },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'db-postgres', env: { STRATA_TEST_DB: 'postgres' } }] : []),
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/house/**/*.test.ts',
            'apps/mobile/*.test.ts',
          ],
          exclude: ['**/*.db.test.ts', '**/*.reliability.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      ...dbProjects.map(({ name, env }) => ({
        test: {
          name,
          include: ['packages/*/src/**/*.db.test.ts', 'apps/server/src/**/*.db.test.ts'],
          environment: 'node' as const,
          env,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      // The reliability suite (docs/reliability.md): attacks, fuzzing, races and crashes, on both databases.
      ...dbProjects.map(({ name, env }) => ({
        test: {
          name: name.replace('db-', 'reliability-'),
          include: ['apps/server/src/**/*.reliability.test.ts'],
          environment: 'node' as const,
          env,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      })),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A page in Chromium on a loaded CI machine can take seconds to answer; the default 1 s poll made
          // journeys fail now and then while waiting for what was already on its way (a trash list, a passkey).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
