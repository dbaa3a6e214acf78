import { updateSystemConfigRequestSchema } from '@gym/contract/config';

const capSchema = updateSystemConfigRequestSchema.shape.manualDiscountCapBp.unwrap();

/**
 * A percentage as typed, with at most two decimals (`10`, `7.5`, `7,5`), in basis points; null when
 * it is not one the configuration takes (0 to 100 %). Integer arithmetic on the digits: no float.
 */
export function percentTextToBp(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(trimmed)) return null;
  const [whole, part = ''] = trimmed.split(/[.,]/) as [string, string?];
  const bp = Number(whole) * 100 + Number(part.padEnd(2, '0'));
  return capSchema.safeParse(bp).success ? bp : null;
}
