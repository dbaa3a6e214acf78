import type { OwedLine } from '@gym/contract/payments';

/** The sum of the ticked lines (integers of minor units). */
export function selectedTotal(lines: readonly OwedLine[], picked: ReadonlySet<string>): number {
  return lines.reduce((total, line) => (picked.has(line.key) ? total + line.amount : total), 0);
}
