import type { ImportProgressLine, ImportRequest } from '@gym/contract/imports';
import type { Database } from '../../db/client.ts';
import { type CommandDeps, queryContext } from '../../lib/use-case.ts';
import { analyseImport, type ImportReadContext } from './analyse-import.ts';
import { commitImport, EMBEDDED_PACE, failureLine, SERVER_PACE } from './commit-import.ts';
import { importRefused } from './refused.ts';

/**
 * What the import command runs with. Not a `UseCaseContext`: an import is deliberately NOT one
 * transaction. A 20,000-row file written in one transaction would hold the embedded database (one
 * statement at a time) for seconds and every other tenant's request behind it, and would stream no
 * progress until its commit. So it writes short batches of hidden rows (`member_imports` row not
 * `done`: `visibleMember` hides them from every read), paced so other requests pass between them,
 * shows them all at once by flipping that row to `done`, and removes them if it fails or its process
 * dies (`sweepAbandonedImports`): all-or-nothing without one long transaction.
 */
export interface ImportContext extends ImportReadContext {
  database: Pick<Database, 'db' | 'kind'>;
  /** Told the progress after each batch, then one `done` or `failed` line. */
  progress(line: ImportProgressLine): void;
  log: { error(obj: object, msg: string): void };
}

/** The import's context for the caller, reading through their scoped database. */
export function importContext(
  deps: Pick<CommandDeps, 'database' | 'clock'>,
  { auth, progress, log }: Pick<ImportContext, 'auth' | 'progress' | 'log'>,
): ImportContext {
  return { ...queryContext(deps, auth), database: deps.database, progress, log };
}

/**
 * The import command: checks the whole file (in a worker thread) and refuses it with every bad row
 * (422 `import_invalid`) before anything is written; then writes it in its own short batches (see
 * `ImportContext`), telling `ctx.progress` after each batch and one `done` or `failed` line at the
 * end. Answers once the file is checked; `finished` settles when the last line was told.
 */
export async function importMembers(ctx: ImportContext, request: ImportRequest): Promise<{ finished: Promise<void> }> {
  const analysed = await analyseImport(ctx, request);
  if (analysed.errors.length > 0) throw importRefused(analysed.errors, analysed.preview.errors);
  const codes: string[] = [];
  const finished = commitImport(ctx, {
    rows: analysed.members,
    codesOut: codes,
    fileName: request.fileName,
    pace: ctx.database.kind === 'pglite' ? EMBEDDED_PACE : SERVER_PACE,
  })
    .then((result) => ctx.progress({ type: 'done', ...result }))
    .catch((err: unknown) => {
      const line = failureLine(err, analysed.members, codes);
      if (line.type === 'failed' && line.error === 'internal') ctx.log.error({ err }, 'member import failed');
      ctx.progress(line);
    });
  return { finished };
}
