import { CLASS_EVENTS, type ClassChange } from '@gym/contract/classes';
import type { UseCaseContext } from '../../lib/use-case.ts';

/** How many class ids an event carries at most (a term import names its count, not its 2,000 ids). */
const MAX_IDS = 50;

/**
 * Tells the centre's browsers (after the commit, through the outbox) that its timetable changed, so
 * that another desk's class list and calendar fetch again rather than show a class that moved.
 */
export function emitClassChanged(
  ctx: Pick<UseCaseContext, 'emit' | 'auth'>,
  { centerId, change, classIds }: { centerId: string; change: ClassChange; classIds: readonly string[] },
): void {
  ctx.emit({
    type: CLASS_EVENTS.classChanged,
    organisationId: ctx.auth.organisationId,
    centerId,
    payload: { change, count: classIds.length, classIds: classIds.slice(0, MAX_IDS) },
  });
}
