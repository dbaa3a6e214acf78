/** The drawer's rules that need no screen: amounts typed, and a first look at a picked receipt. */
import { RECEIPT_MAX_BYTES } from '@gym/contract/expenditures';
import { amountSchema, type Minor, type MoneyFormat, parseMoney } from '@gym/contract/money';

/** The amount typed, or null when the text is not an amount the API takes (0 to the maximum). */
export function moneyValue(text: string | undefined | null, format: MoneyFormat): Minor | null {
  if (!text?.trim()) return null;
  const value = parseMoney(text, format);
  return value !== null && amountSchema.safeParse(value).success ? value : null;
}

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
