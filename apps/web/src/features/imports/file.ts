/** The chosen file: its kind, the size limit, and its bytes as base64 for the JSON request. */
import { IMPORT_MAX_BYTES } from '@gym/contract/imports';

export type ImportFormat = 'csv' | 'xlsx';

export interface ChosenFile {
  name: string;
  size: number;
  format: ImportFormat;
  /** The file's bytes, base64. */
  data: string;
}

/** The format from the name (what spreadsheets save), else from the type the browser reports. */
export function formatOf(name: string, type = ''): ImportFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.csv') || lower.endsWith('.txt') || lower.endsWith('.tsv')) return 'csv';
  if (type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  if (type === 'text/csv' || type === 'text/plain') return 'csv';
  return null;
}

export type FileCheck = { ok: true; format: ImportFormat } | { ok: false; reason: 'tooLarge' | 'wrongType' };

export function checkFile(file: { name: string; size: number; type?: string }): FileCheck {
  const format = formatOf(file.name, file.type);
  if (!format) return { ok: false, reason: 'wrongType' };
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, reason: 'tooLarge' };
  return { ok: true, format };
}

/** The bytes of a file as base64 (the data URL's payload: the browser encodes natively). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
