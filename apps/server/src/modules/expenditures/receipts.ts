/**
 * Receipts of expenditures: files under `DATA_DIR/receipts/<organisation>/<key>`, never in the
 * database. The kind of a file is read from its first bytes (JPEG, PNG, WebP, PDF); its name and
 * the type the browser declared are not trusted. A command writes its file before its row and
 * removes it again when the command fails (`withReceiptFiles`), so a refused or failed command
 * leaves no file behind; a replaced or removed receipt's old file goes only after the commit.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { RECEIPT_MAX_BYTES, type ReceiptType, type ReceiptUpload } from '@gym/contract/expenditures';
import { AppError } from '../../lib/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The kind of file these bytes are, by their signature; null for anything else. */
export function sniffReceiptType(bytes: Buffer): ReceiptType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

const refusal = (code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path: 'receipt', code, message }]);

export interface CheckedReceipt {
  bytes: Buffer;
  fileName: string;
  contentType: ReceiptType;
}

/** The upload's bytes, refused unless they are a receipt kind we keep and within the size limit. */
export function checkReceipt(upload: ReceiptUpload): CheckedReceipt {
  const bytes = Buffer.from(upload.content, 'base64');
  if (bytes.length > RECEIPT_MAX_BYTES) throw refusal('file_too_large', 'The receipt is larger than 10 MB');
  if (bytes.length === 0) throw refusal('receipt_type', 'The receipt is empty');
  const contentType = sniffReceiptType(bytes);
  if (!contentType) throw refusal('receipt_type', 'A receipt must be a JPEG, PNG or WebP image or a PDF');
  // The name is only a suggestion when the file is downloaded: no folders, no control characters.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const fileName = upload.fileName.replace(/[\\/\u0000-\u001f\u007f]/g, '_').slice(0, 200);
  return { bytes, fileName, contentType };
}

export class ReceiptStore {
  constructor(readonly root: string) {}

  private path(organisationId: string, key: string): string {
    // Both parts are ids we made; anything else never reaches the file system.
    if (!UUID.test(organisationId) || !UUID.test(key)) throw new Error('bad receipt path');
    return join(this.root, organisationId, key);
  }

  /** Writes a new file; answers its key. */
  async put(organisationId: string, bytes: Buffer): Promise<string> {
    const key = randomUUID();
    await mkdir(join(this.root, organisationId), { recursive: true, mode: 0o700 });
    await writeFile(this.path(organisationId, key), bytes, { flag: 'wx', mode: 0o600 });
    return key;
  }

  async open(organisationId: string, key: string): Promise<{ stream: Readable; size: number } | null> {
    const path = this.path(organisationId, key);
    try {
      const { size } = await stat(path);
      return { stream: createReadStream(path), size };
    } catch {
      return null;
    }
  }

  async remove(organisationId: string, key: string): Promise<void> {
    await rm(this.path(organisationId, key), { force: true });
  }
}

/** The files a command writes and the ones it replaces. */
export interface ReceiptFiles {
  /** Writes a file for this command; it is removed again if the command fails. */
  put(bytes: Buffer): Promise<string>;
  /** Removes this file once the command has committed (a replaced or removed receipt). */
  removeAfterCommit(key: string): void;
}

/**
 * Runs `command` (which runs its transaction) with a `ReceiptFiles`: on failure the files it wrote
 * are removed; on success the files it let go are.
 */
export async function withReceiptFiles<T>(
  store: ReceiptStore,
  organisationId: string,
  command: (files: ReceiptFiles) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  const released: string[] = [];
  let result: T;
  try {
    result = await command({
      put: async (bytes) => {
        const key = await store.put(organisationId, bytes);
        written.push(key);
        return key;
      },
      removeAfterCommit: (key) => {
        released.push(key);
      },
    });
  } catch (err) {
    await Promise.all(written.map((key) => store.remove(organisationId, key).catch(() => undefined)));
    throw err;
  }
  await Promise.all(released.map((key) => store.remove(organisationId, key).catch(() => undefined)));
  return result;
}
