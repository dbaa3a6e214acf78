/** The drawer's rule that needs no screen: a first look at a picked receipt. */
import { RECEIPT_MAX_BYTES } from '@gym/contract/expenditures';

const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];

/**
 * Why a picked file cannot be a receipt, or null: a first check in the browser by name, type and
 * size. The server decides by the file's content.
 */
export function receiptProblem(file: {
  name: string;
  size: number;
  type: string;
}): 'receipt_type' | 'file_too_large' | null {
  const byName = /\.(pdf|jpe?g|png|webp)$/i.test(file.name);
  if (!byName && !ACCEPTED_TYPES.includes(file.type)) return 'receipt_type';
  if (file.size > RECEIPT_MAX_BYTES) return 'file_too_large';
  return null;
}
