import type { ImportField } from '@gym/contract/imports';
import type { FastifyReply } from 'fastify';
import { fixedRows, type LongReads } from '../../lib/long-read.ts';
import { sendExport } from '../../lib/table-export.ts';
import { TEMPLATE_HEADERS } from './mapping.ts';

type TemplateField = keyof typeof TEMPLATE_HEADERS;

/** One row that imports as it is: blank code (one is generated), blank centre (the chosen default centre). */
const EXAMPLE: Record<TemplateField, string> = {
  code: '',
  firstName: 'Tai Man',
  lastName: 'Chan',
  chineseName: '陳大文',
  gender: 'male',
  birthday: '1990-05-01',
  phone: '9876 5432',
  email: 'taiman.chan@example.com',
  address: '1 Hennessy Road, Causeway Bay',
  emergencyContactName: 'Chan Siu Ming',
  emergencyContactPhone: '6123 4567',
  homeCenterCode: '',
  status: 'active',
  source: 'walk_in',
  notes: '',
  marketingConsent: 'yes',
  cardNumber: '0009876543',
  joinedAt: '2024-01-15',
  guardianName: '',
  guardianPhone: '',
  guardianRelationship: '',
};

/** The member import template: English headers, which the import recognises without a mapping, and one example row. */
export function sendTemplate(
  reply: FastifyReply,
  reads: LongReads,
  caller: { organisationId: string },
  format: 'csv' | 'xlsx',
  timeZone: string,
) {
  const fields = Object.keys(TEMPLATE_HEADERS) as (TemplateField & ImportField)[];
  return sendExport(reply, reads, caller, {
    fileName: 'member-import-template',
    format,
    columns: fields.map((f) => ({ header: TEMPLATE_HEADERS[f], value: (row: typeof EXAMPLE) => row[f], width: 20 })),
    rows: fixedRows([EXAMPLE]),
    timeZone,
  });
}
