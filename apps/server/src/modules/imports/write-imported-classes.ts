import type { ClassImportProgressLine } from '@gym/contract/class-imports';
import { CLASS_IMPORT_BATCH } from '@gym/contract/class-imports';
import { sql } from 'drizzle-orm';
import { classes } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { emitClassChanged, lockTimetables } from '../classes/index.ts';
import { overlapsWithStored, TimetableTakenError } from './class-import.ts';
import { IMPORTED_CLASS_WINDOWS, type PreparedClass } from './class-rows.ts';

/**
 * Writes the checked classes in the command's transaction: the rooms' and teachers' timetables are
 * locked first (as every class command does), the stored timetable is checked again under the locks
 * (a class planned since the check would otherwise slip in), then the classes go in in batches with
 * a progress line after each. A failure anywhere rolls every class back.
 */
export async function writeImportedClasses(
  ctx: UseCaseContext,
  {
    rows,
    progress,
    fileName,
  }: { rows: readonly PreparedClass[]; progress: (line: ClassImportProgressLine) => void; fileName: string },
): Promise<{ imported: number; firstDate: string; lastDate: string }> {
  const total = rows.length;
  progress({ type: 'progress', done: 0, total });
  await lockTimetables(
    ctx.db.unscoped('advisory locks of rooms and teachers name no table'),
    rows.flatMap((r) => [r.roomId, r.teacherId]),
  );
  const taken = await overlapsWithStored(ctx.db, rows);
  if (taken.length > 0) throw new TimetableTakenError(taken);
  let done = 0;
  const idsByCenter = new Map<string, string[]>();
  for (let start = 0; start < total; start += CLASS_IMPORT_BATCH) {
    const batch = rows.slice(start, start + CLASS_IMPORT_BATCH).map((r) => ({
      seriesId: null,
      centerId: r.centerId,
      roomId: r.roomId,
      teacherId: r.teacherId,
      classTypeId: r.classTypeId,
      businessDate: r.date,
      startTime: r.startTime,
      durationMinutes: r.durationMinutes,
      startsAt: new Date(r.startsAt),
      endsAt: new Date(r.endsAt),
      capacity: r.capacity,
      credits: r.credits,
      mode: r.mode,
      notes: r.notes,
      ...IMPORTED_CLASS_WINDOWS,
    }));
    const inserted = await ctx.db.insert(classes, batch);
    inserted.forEach((c, k) => {
      idsByCenter.set(batch[k]!.centerId, [...(idsByCenter.get(batch[k]!.centerId) ?? []), c.id]);
    });
    done += batch.length;
    progress({ type: 'progress', done, total });
  }
  const dates = rows.map((r) => r.date).sort();
  const firstDate = dates[0]!;
  const lastDate = dates.at(-1)!;
  const centerIds = [...new Set(rows.map((r) => r.centerId))];
  await recordAudit(ctx, {
    action: 'class.imported',
    entityType: 'class',
    entityId: null,
    centerId: centerIds.length === 1 ? centerIds[0]! : null,
    summary: `${total} classes from ${fileName}, ${firstDate} to ${lastDate}`,
    after: { fileName, imported: total, firstDate, lastDate, centers: centerIds.length },
  });
  for (const [centerId, ids] of idsByCenter) emitClassChanged(ctx, { centerId, change: 'imported', classIds: ids });
  // Planner statistics of a table that just grew by a term: the class list's plans stay right.
  if (total >= 1_000)
    await ctx.db.unscoped('the planner’s statistics are of a whole table').execute(sql`analyze classes`);
  return { imported: total, firstDate, lastDate };
}
