import {
  type Attendance,
  attendanceDaysResponseSchema,
  attendanceExportQuerySchema,
  attendanceListQuerySchema,
  attendanceListResponseSchema,
  cardEntryRequestSchema,
  cardParamsSchema,
  clockRequestSchema,
  clockResponseSchema,
  type Entry,
  entryExportQuerySchema,
  entryListQuerySchema,
  entryListResponseSchema,
  entryLiveQuerySchema,
  entryLiveSchema,
  entryOutcomeSchema,
  entryOverrideRequestSchema,
  memberEntryParamsSchema,
  memberEntryRequestSchema,
} from '@gym/contract/entries';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { exportRoutes, routeTable } from '../../lib/routes.ts';
import type { ExportColumn } from '../../lib/table-export.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { clockStaff } from './clock-staff.ts';
import { overrideEntry } from './override-entry.ts';
import {
  attendanceDays,
  attendanceForExport,
  ENTRY_SCAN_INDEX,
  entriesForExport,
  entryPhoto,
  listAttendance,
  listEntries,
  liveEntries,
  recordedTap,
} from './queries.ts';
import { recordEntry } from './record-entry.ts';
import { recordMemberEntry } from './record-member-entry.ts';
import { type DoorWords, entryOutcome, wordsFor } from './words.ts';

const tags = ['entries'];
/** A tap's scan id, the key its entry is recorded under (after the body's validation). */
export const scanIdOf = (req: FastifyRequest) => (req.body as { scan_id?: string } | undefined)?.scan_id;
const idParamsSchema = z.object({ id: z.uuid() });

/** The door's words in the caller's language (read with the session: no query). */
function callerWords(auth: AuthContext): DoorWords {
  return wordsFor(auth.language);
}

const ENTRY_COLUMNS: ExportColumn<Entry>[] = [
  { header: 'Time', value: (r) => r.at, width: 22 },
  { header: 'Date', value: (r) => r.businessDate, width: 12 },
  { header: 'Centre', value: (r) => r.center.code, width: 8 },
  { header: 'Reader', value: (r) => r.reader?.sn ?? '', width: 16 },
  { header: 'Card', value: (r) => r.card ?? '', width: 14 },
  { header: 'Member code', value: (r) => r.member?.code ?? '', width: 14 },
  { header: 'Member', value: (r) => r.member?.name ?? '', width: 24 },
  { header: 'Result', value: (r) => r.result, width: 10 },
  { header: 'Reason', value: (r) => r.reason ?? '', width: 22 },
  { header: 'Granted by', value: (r) => r.grantedBy ?? '', width: 12 },
  { header: 'Entitlement', value: (r) => r.entitlement?.name ?? '', width: 20 },
  { header: 'Days left', value: (r) => r.daysLeft, width: 10 },
  { header: 'Credits left', value: (r) => r.creditsLeft, width: 10 },
  { header: 'Source', value: (r) => r.source, width: 10 },
  { header: 'Override reason', value: (r) => r.overrideReason ?? '', width: 30 },
  { header: 'Staff', value: (r) => r.staff?.name ?? '', width: 20 },
];

const ATTENDANCE_COLUMNS: ExportColumn<Attendance>[] = [
  { header: 'Date', value: (r) => r.businessDate, width: 12 },
  { header: 'Staff', value: (r) => r.staff.name, width: 24 },
  { header: 'Centre', value: (r) => r.center.code, width: 8 },
  { header: 'In', value: (r) => r.inAt, width: 22 },
  { header: 'Out', value: (r) => r.outAt ?? '', width: 22 },
  { header: 'Minutes', value: (r) => r.minutes, width: 10 },
];

/** The door: taps of member cards, overrides, the entry records, and staff clock-ins. */
export function entryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get, post } = routeTable(app, tags);
    const exportRoute = exportRoutes(get, deps);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    /** What the door shows of an entry, in the caller's words. */
    const outcome = (req: { auth: AuthContext | null }, entry: Parameters<typeof entryOutcome>[1]) =>
      entryOutcome(callerWords(req.auth!), entry);
    const READ = can('read', 'Entry');
    const READ_ATTENDANCE = can('read', 'Attendance');

    post(
      '/card/:card/entry',
      can('create', 'Entry'),
      {
        params: cardParamsSchema,
        body: cardEntryRequestSchema,
        reply: entryOutcomeSchema,
        // A tap's scan id is its key: the entry's unique (organisation, scan id) index answers a repeat.
        idempotent: { naturalKey: scanIdOf },
      },
      async (req) => {
        const b = req.body;
        const input = {
          centerId: b.center_id,
          card: req.params.card,
          sn: b.sn,
          scanId: b.scan_id,
          tappedAt: b.tapped_at,
          source: b.source,
        };
        // A scan id recorded before (a retried scan, or the same scan sent twice at once) answers what it recorded.
        const recorded = await runCommand(deps, req.auth!, recordEntry, input, {
          alreadyDone: { index: ENTRY_SCAN_INDEX, answer: () => recordedTap(query(req), input) },
        });
        return outcome(req, recorded.entry);
      },
    );
    // A check-in without a card: the tap's rule from the member on; one per Idempotency-Key.
    post(
      '/students/:id/entry',
      can('create', 'Entry'),
      { params: memberEntryParamsSchema, body: memberEntryRequestSchema, reply: entryOutcomeSchema, idempotent: true },
      async (req) => {
        const input = { centerId: req.body.center_id, memberId: req.params.id };
        return outcome(req, (await runCommand(deps, req.auth!, recordMemberEntry, input)).entry);
      },
    );
    post(
      '/entries/:id/override',
      can('create', 'EntryOverride'),
      { params: idParamsSchema, body: entryOverrideRequestSchema, reply: entryOutcomeSchema, idempotent: true },
      async (req) => {
        const input = { entryId: req.params.id, reason: req.body.reason };
        return outcome(req, await runCommand(deps, req.auth!, overrideEntry, input));
      },
    );
    get('/entries', READ, { query: entryListQuerySchema, reply: entryListResponseSchema }, (req) =>
      listEntries(query(req), req.query),
    );
    exportRoute('/entries/export', READ, { query: entryExportQuerySchema }, async (req) => ({
      fileName: 'entries',
      columns: ENTRY_COLUMNS,
      rows: await entriesForExport(query(req), req.query),
    }));
    get('/entries/live', READ, { query: entryLiveQuerySchema, reply: entryLiveSchema }, (req) =>
      liveEntries(query(req), { centerId: req.query.centerId }),
    );
    get('/entries/:id/photo', READ, { params: idParamsSchema }, async (req, reply) => {
      const photo = await entryPhoto(query(req), { id: req.params.id });
      const m = photo?.match(/^data:(image\/(?:jpeg|png|webp));base64,(.+)$/);
      if (!m) throw notFound('photo');
      return reply
        .header('content-type', m[1]!)
        .header('cache-control', 'private, max-age=300')
        .send(Buffer.from(m[2]!, 'base64'));
    });

    post(
      '/card/:card/clock',
      can('create', 'Entry'),
      { params: cardParamsSchema, body: clockRequestSchema, reply: clockResponseSchema, idempotent: true },
      (req) =>
        runCommand(deps, req.auth!, clockStaff, {
          centerId: req.body.center_id,
          card: req.params.card,
          sn: req.body.sn,
          scanId: req.body.scan_id,
          tappedAt: req.body.tapped_at,
        }),
    );
    get(
      '/staff-attendance',
      READ_ATTENDANCE,
      { query: attendanceListQuerySchema, reply: attendanceListResponseSchema },
      (req) => listAttendance(query(req), req.query),
    );
    exportRoute('/staff-attendance/export', READ_ATTENDANCE, { query: attendanceExportQuerySchema }, async (req) => ({
      fileName: 'staff-attendance',
      columns: ATTENDANCE_COLUMNS,
      rows: await attendanceForExport(query(req), req.query),
    }));
    get(
      '/staff-attendance/days',
      READ_ATTENDANCE,
      {
        query: attendanceListQuerySchema.omit({ page: true, pageSize: true }),
        reply: attendanceDaysResponseSchema,
      },
      (req) => attendanceDays(query(req), req.query),
    );
  };
}
