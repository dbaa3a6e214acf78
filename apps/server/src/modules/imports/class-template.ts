import type { ClassImportField } from '@gym/contract/class-imports';
import { addDays, today } from '@gym/contract/time';
import type { FastifyReply } from 'fastify';
import { fixedRows, type LongReads } from '../../lib/long-read.ts';
import { sendExport } from '../../lib/table-export.ts';
import { isoWeekday } from '../classes/index.ts';
import { CLASS_TEMPLATE_HEADERS } from './class-mapping.ts';

type Row = Record<ClassImportField, string>;

/**
 * The timetable template: English headers, which the import recognises without a mapping, and two
 * example rows next Monday (the names are to be replaced by the centre's own rooms, teachers and types).
 */
export function sendClassTemplate(
  reply: FastifyReply,
  reads: LongReads,
  caller: { organisationId: string },
  format: 'csv' | 'xlsx',
  timeZone: string,
) {
  const now = today(timeZone);
  const monday = addDays(now, 8 - isoWeekday(now));
  const example = (over: Partial<Row>): Row => ({
    date: monday,
    startTime: '18:00',
    endTime: '19:00',
    durationMinutes: '',
    classType: 'Yoga',
    room: 'Studio 1',
    teacher: 'teacher@example.com',
    centerCode: '',
    capacity: '',
    credits: '',
    mode: 'in-house',
    notes: '',
    ...over,
  });
  const rows = [
    example({}),
    example({
      startTime: '07:30',
      endTime: '',
      durationMinutes: '45',
      classType: 'Spin',
      capacity: '16',
      credits: '2',
    }),
  ];
  const fields = Object.keys(CLASS_TEMPLATE_HEADERS) as ClassImportField[];
  return sendExport(reply, reads, caller, {
    fileName: 'timetable-import-template',
    format,
    columns: fields.map((f) => ({ header: CLASS_TEMPLATE_HEADERS[f], value: (row: Row) => row[f], width: 16 })),
    rows: fixedRows(rows),
    timeZone,
  });
}
