import type { UseCaseContext } from '../../lib/use-case.ts';
import { type AttachResult, attachCardAtDesk } from './cards.ts';

/** `POST pro/students/{id}/cards`. */
export async function attachCard(
  ctx: UseCaseContext,
  input: { memberId: string; number: string },
): Promise<AttachResult> {
  const { card, already } = await attachCardAtDesk(ctx, input);
  return { card, already };
}
