import type { DbOrTx } from '../db/client.ts';
import { cards } from '../db/schema/index.ts';
import { AppError } from './errors.ts';
import { isUniqueViolation } from './pg-errors.ts';

/** A card number is one person's (member or staff) in an organisation while its card is not detached. */
export const cardInUse = (path = 'number') =>
  new AppError(409, 'card_in_use', 'This card number is already in use', [
    { path, code: 'card_in_use', message: 'This card number is already in use' },
  ]);

/**
 * Inserts a card row. The partial unique index `cards_org_number_in_use` is the final word when
 * two desks race for one number, for member and staff cards alike: its violation becomes 409
 * `card_in_use` on `path`.
 */
export async function insertCard(
  tx: DbOrTx,
  values: typeof cards.$inferInsert,
  path = 'number',
): Promise<typeof cards.$inferSelect> {
  try {
    const [card] = await tx.insert(cards).values(values).returning();
    return card!;
  } catch (err) {
    if (isUniqueViolation(err, 'cards_org_number_in_use')) throw cardInUse(path);
    throw err;
  }
}
