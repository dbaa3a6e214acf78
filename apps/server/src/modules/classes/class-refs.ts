/** What a class names (room, teacher, type) checked against its centre and the caller's organisation. */
import { CLASS_CODES } from '@gym/contract/classes';
import { and, eq } from 'drizzle-orm';
import { classTypes, rooms, userCenters, users } from '../../db/schema/index.ts';
import { AppError, notFoundAt } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

export const rule = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);

export async function checkRoom(ctx: UseCaseContext, { centerId, roomId }: { centerId: string; roomId: string }) {
  const room = await ctx.db.first(rooms, eq(rooms.id, roomId));
  if (!room) throw notFoundAt('roomId', 'Room');
  if (room.centerId !== centerId) throw rule('roomId', CLASS_CODES.roomNotInCentre, 'This room is in another centre');
  if (!room.active) throw rule('roomId', 'room_inactive', 'This room is deactivated');
  return room;
}

/**
 * A teacher is an active staff member of the organisation who works in the class's centre. A rental
 * class (`rental`) may also be taught by an outside teacher: an active user of role `client`, who
 * works in no centre of ours.
 */
export async function checkTeacher(
  ctx: UseCaseContext,
  { centerId, teacherId, rental = false }: { centerId: string; teacherId: string; rental?: boolean },
) {
  const teacher = await ctx.db.wholeOrganisation.first(users, and(eq(users.id, teacherId), eq(users.active, true)));
  if (!teacher || (teacher.role === 'client' && !rental)) throw notFoundAt('teacherId', 'Teacher');
  if (teacher.role !== 'client' && !teacher.allCenters) {
    const [works] = await ctx.db
      .select()
      .from(userCenters)
      .where(and(eq(userCenters.userId, teacherId), eq(userCenters.centerId, centerId)));
    if (!works) throw rule('teacherId', CLASS_CODES.teacherNotInCentre, 'This teacher does not work in this centre');
  }
  return teacher;
}

export async function checkClassType(
  ctx: UseCaseContext,
  { classTypeId, activeOnly = true }: { classTypeId: string; activeOnly?: boolean },
) {
  const type = await ctx.db.first(classTypes, eq(classTypes.id, classTypeId));
  if (!type) throw notFoundAt('classTypeId', 'Class type');
  if (activeOnly && !type.active) throw rule('classTypeId', CLASS_CODES.typeInactive, 'This class type is deactivated');
  return type;
}
