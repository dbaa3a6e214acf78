import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureSystemDeps } from '../../../../scripts/lib/system-deps.mjs';
import { openDatabase } from '../db/client.ts';
import { startPostgres } from './postgres-server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const TEMPLATE_DB = 'gym_template';

/**
 * Migrating a fresh database takes seconds, so it happens once per run: PGlite's migrated data
 * directory is dumped to a file that every test loads; on PostgreSQL a migrated template database
 * is copied (CREATE DATABASE ... TEMPLATE) for every test file.
 */
export default async function setup(project: TestProject) {
  // The invoice PDFs embed a Chinese font found on the machine.
  ensureSystemDeps({ chromium: false, postgres: false, redis: false, cjkFont: true });
  const kind = project.config.env.TEST_DATABASE;
  if (kind === 'postgres') {
    const server = await startPostgres();
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({
      kind: 'postgres',
      url: server.url.replace(/\/postgres$/, `/${TEMPLATE_DB}`),
    });
    await database.migrate();
    await database.close();
    project.provide('pgUrl', server.url);
    return () => server.stop();
  }
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = join(root, '.tmp', `pglite-template-${process.pid}.tar`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    pgliteTemplate: string;
  }
}
