import type { ImportProgressLine, ImportRequest } from '@gym/contract/imports';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { analyseImport } from './analyse-import.ts';
import { commitImport, EMBEDDED_PACE, failureLine, SERVER_PACE } from './commit-import.ts';

/**
 * The import command: checks the whole file (in a worker thread) and refuses it with every bad row
 * (422 `import_invalid`) before anything is written; then writes it in short batches, telling
 * `emit` the progress after each batch and one `done` or `failed` line at the end. Answers once the
 * file is checked; `finished` settles when the last line was emitted.
 */
export async function importMembers(
  database: Pick<Database, 'db' | 'kind'>,
  auth: AuthContext,
  request: ImportRequest,
  emit: (line: ImportProgressLine) => void,
  log: { error(obj: object, msg: string): void },
): Promise<{ finished: Promise<void> }> {
  const { db } = database;
  const analysed = await analyseImport(db, auth, request);
  if (analysed.errors.length > 0) {
    const bad = new Set(analysed.errors.map((e) => e.row)).size;
    throw new AppError(
      422,
      'import_invalid',
      `${bad} row(s) cannot be imported: nothing was imported`,
      undefined,
      undefined,
      { rows: analysed.preview.errors, errorCount: analysed.preview.errorCount },
    );
  }
  const codes: string[] = [];
  const finished = commitImport(
    db,
    auth,
    analysed.members,
    emit,
    codes,
    request.fileName,
    database.kind === 'pglite' ? EMBEDDED_PACE : SERVER_PACE,
  )
    .then((result) => emit({ type: 'done', ...result }))
    .catch((err: unknown) => {
      const line = failureLine(err, analysed.members, codes);
      if (line.type === 'failed' && line.error === 'internal') log.error({ err }, 'member import failed');
      emit(line);
    });
  return { finished };
}
