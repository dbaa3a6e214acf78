import { PassThrough } from 'node:stream';
import {
  type ClassImportProgressLine,
  classImportPreviewSchema,
  classImportRequestSchema,
  classImportTemplateQuerySchema,
} from '@gym/contract/class-imports';
import {
  IMPORT_MAX_BYTES,
  type ImportProgressLine,
  importPresetIdParamsSchema,
  importPresetInputSchema,
  importPresetListQuerySchema,
  importPresetListResponseSchema,
  importPresetSchema,
  importPreviewSchema,
  importRequestSchema,
  importTemplateQuerySchema,
} from '@gym/contract/imports';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { routeTable } from '../../lib/routes.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { analyseImport } from './analyse-import.ts';
import { analyseClassImport, TimetableTakenError } from './class-import.ts';
import { sendClassTemplate } from './class-template.ts';
import { sweepAbandonedImports } from './commit-import.ts';
import { deletePreset } from './delete-preset.ts';
import { importContext, importMembers } from './import-members.ts';
import { listPresets } from './presets.ts';
import { importRefused } from './refused.ts';
import { savePreset } from './save-preset.ts';
import { sendTemplate } from './template.ts';
import { writeImportedClasses } from './write-imported-classes.ts';

const tags = ['imports'];
/** The file travels base64 inside JSON: 4/3 of the file, plus room for the mapping. */
const IMPORT_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 256 * 1024;
const access = can('create', 'Member');
const classAccess = can('create', 'Class');

/** An NDJSON answer whose lines are written as they come (`write`), ended by `end`; `send` starts it. */
function ndjsonStream() {
  const out = new PassThrough();
  return {
    write: (line: object) => out.write(`${JSON.stringify(line)}\n`),
    end: () => out.end(),
    send: (reply: FastifyReply) =>
      reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        // Proxies must pass each progress line on at once rather than collect the whole answer.
        .header('x-accel-buffering', 'no')
        .send(out),
  };
}

/**
 * Member import (`/student-import`): preview, all-or-nothing commit, saved mappings and the template;
 * timetable import (`/class-import`): preview, one-transaction commit and its template.
 */
export function importRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps.database;

    // Rows of imports a dead process left half-written: at start-up, then every minute (several
    // servers share PostgreSQL: only imports whose heartbeat stopped; the embedded database has one process).
    let sweeper: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweepAbandonedImports(db, deps.database.kind === 'pglite');
      sweeper = setInterval(() => void sweepAbandonedImports(db).catch(() => undefined), 60_000);
      sweeper.unref();
    });
    app.addHook('onClose', async () => clearInterval(sweeper));

    const { get, post, delete: del } = routeTable(app, tags);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    const file = { bodyLimit: IMPORT_BODY_LIMIT };

    post(
      '/imports/members/preview',
      access,
      { ...file, body: importRequestSchema, reply: importPreviewSchema },
      async (req) => (await analyseImport(query(req), req.body)).preview,
    );

    post(
      '/imports/members/commit',
      access,
      {
        ...file,
        body: importRequestSchema,
        description:
          'Imports every row or none. A file with any bad row answers 422 `import_invalid` with the errors in ' +
          '`details.rows`. Otherwise the answer is `application/x-ndjson`: `progress` lines while short batches of hidden rows ' +
          'are written, then one `done` line (all rows shown at once), or a `failed` line (nothing kept).',
      },
      async (req, reply) => {
        const stream = ndjsonStream();
        const progress = (line: ImportProgressLine) => stream.write(line);
        const ctx = importContext(deps, { auth: req.auth!, progress, log: req.log });
        const { finished } = await importMembers(ctx, req.body);
        void finished.finally(stream.end);
        return stream.send(reply);
      },
    );

    post(
      '/imports/classes/preview',
      classAccess,
      { ...file, body: classImportRequestSchema, reply: classImportPreviewSchema },
      async (req) => (await analyseClassImport(query(req), req.body)).preview,
    );

    post(
      '/imports/classes/commit',
      classAccess,
      {
        ...file,
        body: classImportRequestSchema,
        description:
          'Imports every class of the file or none, in one transaction. A file with any bad row answers 422 ' +
          '`import_invalid` with the errors in `details.rows`. Otherwise the answer is `application/x-ndjson`: ' +
          '`progress` lines while the classes are written, then one `done` line, or a `failed` line (nothing kept).',
      },
      async (req, reply) => {
        const analysed = await analyseClassImport(query(req), req.body);
        if (analysed.errors.length > 0) throw importRefused(analysed.errors);
        const stream = ndjsonStream();
        const progress = (line: ClassImportProgressLine) => stream.write(line);
        void runCommand(deps, req.auth!, writeImportedClasses, {
          rows: analysed.classes,
          progress,
          fileName: req.body.fileName,
        })
          .then((result) => progress({ type: 'done', ...result }))
          .catch((err: unknown) => {
            if (err instanceof TimetableTakenError) {
              progress({
                type: 'failed',
                error: 'timetable_taken',
                message: 'Classes were planned meanwhile in slots of the file: nothing was imported',
                errors: err.errors,
              });
            } else {
              req.log.error({ err }, 'timetable import failed');
              progress({
                type: 'failed',
                error: 'internal',
                message: 'The import failed: nothing was imported',
                errors: [],
              });
            }
          })
          .finally(stream.end);
        return stream.send(reply);
      },
    );

    get('/imports/classes/template', classAccess, { query: classImportTemplateQuerySchema }, async (req, reply) =>
      sendClassTemplate(reply, deps.longReads, req.auth!, req.query.format, await callerTimeZone(db, req.auth!)),
    );

    get('/imports/members/template', access, { query: importTemplateQuerySchema }, async (req, reply) =>
      sendTemplate(reply, deps.longReads, req.auth!, req.query.format, await callerTimeZone(db, req.auth!)),
    );

    get(
      '/import-presets',
      access,
      { query: importPresetListQuerySchema, reply: importPresetListResponseSchema },
      (req) => listPresets(query(req).db, req.query),
    );

    post('/import-presets', access, { body: importPresetInputSchema, reply: importPresetSchema, status: 201 }, (req) =>
      runCommand(deps, req.auth!, savePreset, req.body),
    );

    del('/import-presets/:id', access, { params: importPresetIdParamsSchema }, async (req, reply) => {
      await runCommand(deps, req.auth!, deletePreset, { id: req.params.id });
      return reply.code(204).send();
    });
  };
}
