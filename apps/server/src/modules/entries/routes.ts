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
import { callerTimeZone } from '../../lib/business-date.ts';
import { notFound } from '../../lib/errors.ts';
import { type ExportColumn, sendExport } from '../../lib/table-export.ts';
import { usableCenter } from '../../lib/tenant-db.ts';
import { runTransaction } from '../../lib/use-case.ts';
import { clockStaff } from './clock.ts';
import { overrideEntry } from './override-entry.ts';
import {
  attendanceDays,
  attendanceForExport,
  entriesForExport,
  entryPhoto,
  getAttendance,
  getEntry,
  listAttendance,
  listEntries,
  liveEntries,
} from './queries.ts';
import { recordMemberEntry, recordTap } from './record-entry.ts';
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
    const { db } = deps.database;

    app.post(
      '/card/:card/entry',
      {
        // A tap's scan id is its key: the entry's unique (organisation, scan id) index answers a repeat.
        config: { access: can('create', 'Entry'), idempotent: { naturalKey: scanIdOf } },
        schema: { tags, params: cardParamsSchema, body: cardEntryRequestSchema, response: { 200: entryOutcomeSchema } },
      },
      async (req) => {
        const b = req.body;
        const recorded = await recordTap(deps, req.auth!, {
          centerId: b.center_id,
          card: req.params.card,
          sn: b.sn,
          scanId: b.scan_id,
          tappedAt: b.tapped_at,
          source: b.source,
        });
        return entryOutcome(callerWords(req.auth!), recorded.entry);
      },
    );
    app.post(
      '/students/:id/entry',
      {
        // A check-in without a card: the tap's rule from the member on; one per Idempotency-Key.
        config: { access: can('create', 'Entry'), idempotent: true },
        schema: {
          tags,
          params: memberEntryParamsSchema,
          body: memberEntryRequestSchema,
          response: { 200: entryOutcomeSchema },
        },
      },
      async (req) => {
        const recorded = await runTransaction(deps, req.auth!, (ctx) =>
          recordMemberEntry(ctx, { centerId: req.body.center_id, memberId: req.params.id }),
        );
        return entryOutcome(callerWords(req.auth!), recorded.entry);
      },
    );
    app.post(
      '/entries/:id/override',
      {
        config: { access: can('create', 'EntryOverride'), idempotent: true },
        schema: {
          tags,
          params: idParamsSchema,
          body: entryOverrideRequestSchema,
          response: { 200: entryOutcomeSchema },
        },
      },
      async (req) => {
        const id = await runTransaction(deps, req.auth!, (ctx) =>
          overrideEntry(ctx, { entryId: req.params.id, reason: req.body.reason }),
        );
        return entryOutcome(callerWords(req.auth!), await getEntry(db, req.auth!, id));
      },
    );
    app.get(
      '/entries',
      {
        config: { access: can('read', 'Entry') },
        schema: { tags, querystring: entryListQuerySchema, response: { 200: entryListResponseSchema } },
      },
      (req) => listEntries(db, req.auth!, req.query),
    );
    app.get(
      '/entries/export',
      { config: { access: can('read', 'Entry') }, schema: { tags, querystring: entryExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'entries',
          timeZone: await callerTimeZone(db, req.auth!, req.query.centerId),
          format: req.query.format,
          columns: ENTRY_COLUMNS,
          rows: await entriesForExport(db, req.auth!, req.query),
        }),
    );
    app.get(
      '/entries/live',
      {
        config: { access: can('read', 'Entry') },
        schema: { tags, querystring: entryLiveQuerySchema, response: { 200: entryLiveSchema } },
      },
      async (req) => {
        const center = await usableCenter(db, req.auth!, req.query.centerId, 'centerId', false);
        const now = deps.clock.now();
        return liveEntries(db, req.auth!, center.id, now, deps.clock.today(center.timeZone));
      },
    );
    app.get(
      '/entries/:id/photo',
      { config: { access: can('read', 'Entry') }, schema: { tags, params: idParamsSchema } },
      async (req, reply) => {
        const photo = await entryPhoto(db, req.auth!, req.params.id);
        const m = photo?.match(/^data:(image\/(?:jpeg|png|webp));base64,(.+)$/);
        if (!m) throw notFound('photo');
        return reply
          .header('content-type', m[1]!)
          .header('cache-control', 'private, max-age=300')
          .send(Buffer.from(m[2]!, 'base64'));
      },
    );

    app.post(
      '/card/:card/clock',
      {
        config: { access: can('create', 'Entry'), idempotent: true },
        schema: { tags, params: cardParamsSchema, body: clockRequestSchema, response: { 200: clockResponseSchema } },
      },
      async (req) => {
        const b = req.body;
        const done = await runTransaction(deps, req.auth!, (ctx) =>
          clockStaff(ctx, {
            centerId: b.center_id,
            card: req.params.card,
            sn: b.sn,
            scanId: b.scan_id,
            tappedAt: b.tapped_at,
          }),
        );
        const words = callerWords(req.auth!);
        if (done.kind === 'not_staff')
          return { result: false, state: null, message: words.notStaffCard(req.params.card), attendance: null };
        const attendance = await getAttendance(
          db,
          { organisationId: req.auth!.organisationId, centerIds: null },
          done.attendanceId,
        );
        return {
          result: true,
          state: done.kind,
          message:
            done.kind === 'in'
              ? words.clockedIn(done.name, done.time)
              : words.clockedOut(done.name, done.time, done.minutes),
          attendance,
        };
      },
    );
    app.get(
      '/staff-attendance',
      {
        config: { access: can('read', 'Attendance') },
        schema: { tags, querystring: attendanceListQuerySchema, response: { 200: attendanceListResponseSchema } },
      },
      (req) => listAttendance(db, req.auth!, req.query),
    );
    app.get(
      '/staff-attendance/export',
      { config: { access: can('read', 'Attendance') }, schema: { tags, querystring: attendanceExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'staff-attendance',
          timeZone: await callerTimeZone(db, req.auth!, req.query.centerId),
          format: req.query.format,
          columns: ATTENDANCE_COLUMNS,
          rows: await attendanceForExport(db, req.auth!, req.query),
        }),
    );
    app.get(
      '/staff-attendance/days',
      {
        config: { access: can('read', 'Attendance') },
        schema: {
          tags,
          querystring: attendanceListQuerySchema.omit({ page: true, pageSize: true }),
          response: { 200: attendanceDaysResponseSchema },
        },
      },
      (req) => attendanceDays(db, req.auth!, req.query),
    );
  };
}
