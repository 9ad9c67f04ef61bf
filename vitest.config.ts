import { defineConfig } from 'vitest/config';

/**
 * Three projects: server (unit + API against PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * web (pure functions, catalogs, components rendered to markup), e2e (the built app in Debian's Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          // Several processes on one database: PostgreSQL only (PGlite serves one process).
          exclude: process.env.TEST_DATABASE_URL ? [] : ['server/**/*.multinode.test.ts'],
          environment: 'node',
          // PostgreSQL: the template database every test database is copied from, built once.
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          // contract/: the pure helpers the web app shares with the server (contract/dates.ts).
          include: ['web/src/**/*.test.ts', 'web/src/**/*.test.tsx', 'web/*.test.ts', 'contract/**/*.test.ts'],
          environment: 'node',
          // vitest's 5 s default is a timing assumption: the font subsets (real WOFF2 work) took longer on a loaded
          // 2-core machine. The same bound as the server's.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll's default of 1 s is a timing assumption a loaded 2-core CI machine breaks
          // (a guest's redirect to sign-in took longer once): browser checks wait as long as
          // Playwright's own waits would, bounded well inside the test timeout.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
