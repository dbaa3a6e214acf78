/**
 * Worker-thread entry: reads the uploaded file, maps it and checks every row against the member
 * rules (or the timetable's), away from the thread that serves requests. Started by `parse-file.ts` with memory limits.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import { proposeClassMapping } from './class-mapping.ts';
import { prepareClassRows } from './class-rows.ts';
import { mappingForHeaders, proposeMapping } from './mapping.ts';
import type { ParseJob, ParseOutcome } from './parse-file.ts';
import { prepareRows } from './prepare-rows.ts';
import { readSheet } from './read-file.ts';
import { checkInflatedSizes } from './zip-guard.ts';

async function run(job: ParseJob): Promise<ParseOutcome> {
  if (job.zipEntries) checkInflatedSizes(Buffer.from(job.data, 'base64'), job.zipEntries, job.fileName);
  const sheet = await readSheet(job.format, job.data);
  if (job.kind === 'classes') {
    const mapping = Object.fromEntries(
      sheet.headers.map((h) => [h, (job.mapping ?? proposeClassMapping(sheet.headers))[h] ?? null]),
    );
    return {
      ok: true,
      kind: 'classes',
      headers: sheet.headers,
      mapping,
      prepared: prepareClassRows(sheet, mapping, job.context),
    };
  }
  const mapping = mappingForHeaders(sheet.headers, job.mapping ?? proposeMapping(sheet.headers));
  const prepared = prepareRows(sheet, mapping, job.context);
  return { ok: true, kind: 'members', headers: sheet.headers, mapping, prepared };
}

// The worker stays warm between files (loading the parsers takes seconds); one job at a time.
parentPort!.on('message', (job: ParseJob) => {
  run(job).then(
    (outcome) => parentPort!.postMessage(outcome),
    (err: unknown) => {
      const outcome: ParseOutcome =
        err instanceof AppError
          ? { ok: false, status: err.status, code: err.code, message: err.message, fields: err.fields }
          : { ok: false, status: 400, code: 'validation_failed', message: String(err), fields: undefined };
      parentPort!.postMessage(outcome);
    },
  );
});
