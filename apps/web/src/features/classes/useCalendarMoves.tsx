/**
 * A class dragged to another time, day or column (room, teacher), or stretched, on the calendar: saved
 * through the server's update of that one class; a refusal puts it back and says why, naming the
 * class in the way when the server names one.
 */
import type { EventDropArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { type ClassListItem, useUpdateClass } from './api';
import { type Column, type ColumnsBy, dropTarget } from './calendarColumns';
import { wallOf } from './calendarEvents';
import { classErrorMessage } from './classErrors';

/** The class a refusal names as being in the way (`details.conflict`), in words. */
function conflictText(error: unknown, t: (k: string, o?: Record<string, unknown>) => string): string | null {
  if (!isApiError(error) || !error.details) return null;
  const c = (error.details.conflict ?? error.details.class) as
    | { type?: { name?: string } | string; name?: string; date?: string; startTime?: string; room?: { name?: string } }
    | undefined;
  if (!c || typeof c !== 'object' || (c as { kind?: string }).kind === 'pt_session') return null;
  const name = typeof c.type === 'string' ? c.type : (c.type?.name ?? c.name ?? '');
  return t('classes:calendar.inTheWay', {
    name,
    date: c.date ?? '',
    time: c.startTime ?? '',
    room: c.room?.name ?? '',
  });
}

export function useCalendarMoves(by: ColumnsBy | null, columns: Column[]) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const update = useUpdateClass();

  const refuse = (error: unknown) => {
    const inTheWay = conflictText(error, t);
    modal.error({
      title: t('classes:calendar.refused'),
      content: (
        <div data-testid="calendar-refusal">
          <p>{classErrorMessage(t, error)}</p>
          {inTheWay && <p data-testid="calendar-in-the-way">{inTheWay}</p>}
        </div>
      ),
      okText: t('classes:close'),
    });
  };

  const onDrop = (arg: EventDropArg) => {
    const item = arg.event.extendedProps.item as ClassListItem;
    const start = arg.event.start;
    if (!start) return arg.revert();
    // By room / teacher: the column is the room (teacher), the day stays.
    const target = by ? dropTarget(columns, start) : null;
    if (by && !target) return arg.revert();
    const wall = target ? { date: item.date, time: target.time } : wallOf(start);
    const current = by === 'rooms' ? item.room.id : item.teacher.id;
    const moved = target && target.resource.id !== current ? target.resource : null;
    const body = {
      scope: 'one' as const,
      ...(wall.date !== item.date ? { date: wall.date } : {}),
      ...(wall.time !== item.startTime ? { startTime: wall.time } : {}),
      ...(moved ? (by === 'rooms' ? { roomId: moved.id } : { teacherId: moved.id }) : {}),
    };
    update.mutate(
      { id: item.id, body },
      {
        onSuccess: () =>
          void message.success(
            moved
              ? t('classes:calendar.movedTo', { name: item.type.name, where: moved.name, time: wall.time })
              : t('classes:calendar.moved', { name: item.type.name, time: wall.time }),
          ),
        onError: (error) => {
          arg.revert();
          refuse(error);
        },
      },
    );
  };

  const onResize = (arg: EventResizeDoneArg) => {
    const item = arg.event.extendedProps.item as ClassListItem;
    const { start, end } = arg.event;
    if (!start || !end) return arg.revert();
    const durationMinutes = Math.round((end.getTime() - start.getTime()) / 60_000);
    update.mutate(
      { id: item.id, body: { scope: 'one', durationMinutes } },
      {
        onSuccess: () =>
          void message.success(t('classes:calendar.resized', { name: item.type.name, minutes: durationMinutes })),
        onError: (error) => {
          arg.revert();
          refuse(error);
        },
      },
    );
  };

  return { onDrop, onResize };
}
