import { inflateRawSync } from 'node:zlib';
import { IMPORT_MAX_EXPANDED_BYTES } from '@gym/contract/imports';
import { AppError } from '../../lib/errors.ts';

/** Most entries an XLSX may hold (a workbook has a dozen; a zip of thousands is not a member export). */
const MAX_ENTRIES = 1_000;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export const expandedTooLarge = (fileName: string) =>
  new AppError(
    413,
    'payload_too_large',
    `${fileName}: the workbook expands to more than ${IMPORT_MAX_EXPANDED_BYTES / 1024 / 1024} MB: save it as CSV or split it`,
    [{ path: 'data', code: 'file_expands_too_much', message: fileName }],
  );

const unreadable = (fileName: string) =>
  new AppError(400, 'validation_failed', `${fileName}: the file is not a readable XLSX workbook`, [
    { path: 'data', code: 'file_unreadable', message: fileName },
  ]);

/**
 * The entries of a zip archive as its central directory declares them, read without expanding
 * anything. Refuses ZIP64 archives and archives whose declared expanded size passes
 * `IMPORT_MAX_EXPANDED_BYTES` (a "zip bomb": 12 MB that expand to 190 MB of XML), before any inflating.
 */
export function zipEntries(bytes: Buffer, fileName: string): ZipEntry[] {
  // End of central directory: 22 bytes plus a comment of up to 65,535 bytes, at the end of the file.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable(fileName);
  const count = bytes.readUInt16LE(eocd + 10);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) throw expandedTooLarge(fileName);
  if (count > MAX_ENTRIES) throw unreadable(fileName);
  const entries: ZipEntry[] = [];
  let total = 0;
  let p = offset;
  for (let k = 0; k < count; k++) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== 0x02014b50) throw unreadable(fileName);
    const compressedSize = bytes.readUInt32LE(p + 20);
    const uncompressedSize = bytes.readUInt32LE(p + 24);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff) throw expandedTooLarge(fileName);
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const commentLength = bytes.readUInt16LE(p + 32);
    entries.push({
      name: bytes.toString('utf8', p + 46, p + 46 + nameLength),
      method: bytes.readUInt16LE(p + 10),
      compressedSize,
      uncompressedSize,
      localHeaderOffset: bytes.readUInt32LE(p + 42),
    });
    total += uncompressedSize;
    if (total > IMPORT_MAX_EXPANDED_BYTES) throw expandedTooLarge(fileName);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Expands every entry with a cap of its declared size, counting as it inflates: an archive whose
 * headers lie (declaring less than its data expands to) is refused as soon as an entry passes its
 * declared size, never after it filled the memory. Runs in the parsing worker.
 */
export function checkInflatedSizes(bytes: Buffer, entries: readonly ZipEntry[], fileName: string): void {
  let total = 0;
  for (const e of entries) {
    const p = e.localHeaderOffset;
    if (p + 30 > bytes.length || bytes.readUInt32LE(p) !== 0x04034b50) throw unreadable(fileName);
    const start = p + 30 + bytes.readUInt16LE(p + 26) + bytes.readUInt16LE(p + 28);
    const data = bytes.subarray(start, start + e.compressedSize);
    let size: number;
    if (e.method === 0) size = data.length;
    else if (e.method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, e.uncompressedSize) }).length;
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw expandedTooLarge(fileName);
        throw unreadable(fileName);
      }
    } else throw unreadable(fileName);
    total += size;
    if (size > e.uncompressedSize || total > IMPORT_MAX_EXPANDED_BYTES) throw expandedTooLarge(fileName);
  }
}
