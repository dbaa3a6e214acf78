/**
 * The e2e demo database, made ahead: `node --import tsx e2e/prepare-data.ts DIR` starts the server on
 * an empty data directory (migrations, demo organisation), stops it and leaves the directory at DIR.
 * `npm test` runs it beside the integration tests and hands DIR to the e2e step (`E2E_DATA_DIR`), so
 * that the e2e step does not begin with a minute of seeding on one core.
 */
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startAppServer } from './support/app-process.ts';

const dest = process.argv[2];
if (!dest) throw new Error('usage: prepare-data.ts DIR');
const target = resolve(dest);
rmSync(target, { recursive: true, force: true });
const server = await startAppServer();
await server.stop({ keepData: true });
cpSync(server.dataDir, target, { recursive: true });
rmSync(server.dataDir, { recursive: true, force: true });
console.log(`e2e demo database ready in ${target}`);
