import { formatMemberName } from '@gym/contract/names';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { attachCardAtDesk } from './cards.ts';

/** A card scanned at the desk's reader, attached to the member; answers whether they held it already, and their name. */
export async function attachScannedCard(
  ctx: UseCaseContext,
  input: { memberId: string; card: string },
): Promise<{ already: boolean; name: string }> {
  const { already, member } = await attachCardAtDesk(ctx, {
    memberId: input.memberId,
    number: input.card,
    how: '(scanned)',
  });
  return { already, name: formatMemberName(member) };
}
