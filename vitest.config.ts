import { defineConfig } from 'vitest/config';

/** The server tests that also run on a real PostgreSQL server (the `server-pg` project). */
const SERVER_PG_TESTS = [
  'apps/server/src/lib/{idempotency,outbox,member-name,long-read}.test.ts',
  'apps/server/src/modules/auth/{auth,throttle}.test.ts',
  'apps/server/src/db/{reusable,pipeline,client,backup}.test.ts',
  'apps/server/src/modules/entries/*.test.ts',
  'apps/server/src/modules/imports/{import-isolation,class-import}.test.ts',
  'apps/server/src/modules/members/{cards,relevance}.test.ts',
  'apps/server/src/modules/readers/scans.test.ts',
  'apps/server/src/modules/retail/{products,coupons-offers}.test.ts',
  'apps/server/src/modules/sales/sales.test.ts',
  'apps/server/src/modules/payments/{online-payments,provider-suite,refunds,reminders}.test.ts',
  'apps/server/src/modules/{classes,bookings,courses,pt}/*.test.ts',
  'apps/server/src/modules/reports/*.test.ts',
  'apps/server/src/realtime/rooms.test.ts',
  'apps/server/src/test/tenant-keys.test.ts',
];

export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/contract/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/scripts/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // Test files share a worker's loaded modules (each builds its own app and database): the
          // app's import graph is loaded once per worker instead of once per file.
          isolate: false,
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          environment: 'node',
          // Test files share a worker's loaded modules (each builds its own app and database): the
          // app's import graph is loaded once per worker instead of once per file.
          isolate: false,
          // Every server test runs on PGlite; on PostgreSQL run the ones where the two engines can
          // differ: concurrent transactions and row locks (one PGlite connection serialises them),
          // SKIP LOCKED and advisory locks, large transactions, search plans and collation, foreign
          // keys across tenants, the pool and the realtime gateway (decision 223).
          include: SERVER_PG_TESTS,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          env: { TEST_DATABASE: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Latency bounds, on a machine doing nothing else: run alone, one file at a time.
      {
        test: {
          name: 'load',
          environment: 'node',
          include: ['apps/server/src/**/*.load.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 300_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'load-pg',
          environment: 'node',
          include: ['apps/server/src/**/*.load.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          env: { TEST_DATABASE: 'postgres' },
          testTimeout: 300_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scale',
          environment: 'node',
          include: ['apps/server/src/**/*.scale.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          env: { TEST_DATABASE: 'postgres' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A screen that follows a change (a list refetched, a count updated) may take more than
          // vitest's default second on a loaded machine; a poll that never gets there still fails.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // Two spec files at a time: each has its own server process, port, database and browser.
        },
      },
    ],
  },
});
