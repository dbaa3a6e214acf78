import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import type { AuthContext } from './access.ts';
import { callerTimeZone } from './business-date.ts';
import type { ChunkedRows, LongReads } from './long-read.ts';
import { type ExportColumn, type ExportFormat, sendExport } from './table-export.ts';

/** A list's download: its file's name, the centre it was asked for, its columns, and how to read its rows. */
export interface ListExport<T> {
  fileName: string;
  /** The file's date is this centre's business date (when the caller may see it), else the caller's. */
  centerId?: string | undefined;
  columns: ExportColumn<T>[];
  /** Read once the file's date is known. */
  rows: () => Promise<ChunkedRows<T>>;
}

/**
 * Answers a list's `GET …/export?format=csv|xlsx` (the list's filters, every page): the file is named
 * for the business date of the centre asked for, or the caller's, and sent a chunk at a time
 * (`sendExport` in lib/table-export.ts).
 */
export async function sendListExport<T>(
  deps: { database: { db: DbOrTx }; longReads: LongReads },
  req: { auth: AuthContext | null; query: { format: ExportFormat } },
  reply: FastifyReply,
  list: ListExport<T>,
): Promise<FastifyReply> {
  const auth = req.auth!;
  return sendExport(reply, deps.longReads, auth, {
    fileName: list.fileName,
    timeZone: await callerTimeZone(deps.database.db, auth, list.centerId),
    format: req.query.format,
    columns: list.columns,
    rows: await list.rows(),
  });
}
