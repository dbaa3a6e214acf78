import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ClassImportMapping } from '@gym/contract/class-imports';
import type { ErrorCode, FieldError } from '@gym/contract/errors';
import { IMPORT_PARSE_TIMEOUT_MS, IMPORT_WORKER_MEMORY_MB, type ImportMapping } from '@gym/contract/imports';
import { AppError } from '../../lib/errors.ts';
import type { ClassRowsContext, PreparedClassRows } from './class-rows.ts';
import type { PrepareContext, PreparedRows } from './prepare-rows.ts';
import { expandedTooLarge, type ZipEntry, zipEntries } from './zip-guard.ts';

interface FileJob {
  fileName: string;
  format: 'csv' | 'xlsx';
  data: string;
  /** XLSX: the central directory, already checked against the expanded-size limit. */
  zipEntries?: ZipEntry[];
}

/** A member file (`/student-import`) or a timetable (`/class-import`): the same reading, its own rows. */
export type ParseJob = FileJob &
  (
    | { kind: 'members'; mapping: ImportMapping | undefined; context: PrepareContext }
    | { kind: 'classes'; mapping: ClassImportMapping | undefined; context: ClassRowsContext }
  );

export type ParsedFile =
  | { kind: 'members'; headers: string[]; mapping: ImportMapping; prepared: PreparedRows }
  | { kind: 'classes'; headers: string[]; mapping: ClassImportMapping; prepared: PreparedClassRows };

export type ParseOutcome =
  | ({ ok: true } & ParsedFile)
  | { ok: false; status: number; code: ErrorCode; message: string; fields: FieldError[] | undefined };

/** The worker's entry is TypeScript: it registers the same loader the server runs under, then loads it. */
const WORKER_BOOT = `import(${JSON.stringify(
  pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href,
)})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./parse-worker.ts', import.meta.url).href)}); })`;

const tooSlow = (fileName: string) =>
  new AppError(400, 'validation_failed', `${fileName}: reading the file took too long`, [
    { path: 'data', code: 'file_too_slow', message: fileName },
  ]);

/** Warm workers waiting for a file; at most `MAX_WORKERS` exist, so a burst of uploads queues. */
const MAX_WORKERS = 2;
const idle: Worker[] = [];
let started = 0;
const waiting: ((w: Worker) => void)[] = [];

function newWorker(): Worker {
  started++;
  const w = new Worker(WORKER_BOOT, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: IMPORT_WORKER_MEMORY_MB, maxYoungGenerationSizeMb: 32 },
  });
  w.once('exit', () => {
    started--;
    const i = idle.indexOf(w);
    if (i >= 0) idle.splice(i, 1);
  });
  return w;
}

async function takeWorker(): Promise<Worker> {
  const w = idle.pop();
  if (w) return w;
  if (started < MAX_WORKERS) return newWorker();
  return new Promise((resolve) => waiting.push(resolve));
}

function giveBack(w: Worker) {
  w.removeAllListeners('message');
  w.removeAllListeners('error');
  const next = waiting.shift();
  if (next) return next(w);
  w.unref();
  idle.push(w);
}

/** A worker ended (time limit or heap limit): a waiting file gets a fresh one. */
function replaced() {
  const next = waiting.shift();
  if (next) next(newWorker());
}

/**
 * Reads and checks an uploaded file in a worker thread with a heap limit and a time limit, so that a
 * large or hostile file never holds up the requests of other organisations. An XLSX (a zip) is
 * refused before anything is expanded when its central directory declares more than the expanded
 * limit; the worker then counts while inflating, in case the headers lie.
 */
export async function parseInWorker<K extends ParseJob['kind']>(
  job: Extract<ParseJob, { kind: K }>,
): Promise<Extract<ParsedFile, { kind: K }>> {
  const full: ParseJob = { ...job };
  if (job.format === 'xlsx') full.zipEntries = zipEntries(Buffer.from(job.data, 'base64'), job.fileName);
  const worker = await takeWorker();
  worker.ref();
  const outcome = await new Promise<ParseOutcome>((resolve, reject) => {
    const fail = (err: Error) => {
      clearTimeout(timer);
      worker.removeAllListeners('exit');
      void worker.terminate().then(replaced);
      reject(err);
    };
    const timer = setTimeout(() => fail(tooSlow(job.fileName)), IMPORT_PARSE_TIMEOUT_MS);
    worker.once('message', (m: ParseOutcome) => {
      clearTimeout(timer);
      worker.removeAllListeners('exit');
      giveBack(worker);
      resolve(m);
    });
    worker.once('error', (err: Error & { code?: string }) =>
      fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? expandedTooLarge(job.fileName) : err),
    );
    worker.once('exit', (code) => fail(new Error(`import parser exited with ${code}`)));
    worker.postMessage(full);
  });
  if (!outcome.ok) throw new AppError(outcome.status, outcome.code, outcome.message, outcome.fields);
  return outcome as Extract<ParsedFile, { kind: K }> & { ok: true };
}
