/** Taking attendance, as the class's bookings drawer and a short course's matrix both do it. */
import type { AttendanceMark } from '@gym/contract/classes';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { useUserData } from '../../shared/useSession';
import { useMarkAttendance } from './api';
import { classErrorMessage } from './classErrors';

/** Whether this person may record attendance on a class taught by `teacherId`: staff with the right, a trainer on their own classes. */
export function useAttendanceRight(): (teacherId: string | null) => boolean {
  const ability = useAbility();
  const user = useUserData();
  const allowed = ability.can('create', 'BookingAttendance');
  return useCallback(
    (teacherId: string | null) => allowed && (user?.role !== 'trainer' || user.id === teacherId),
    [allowed, user?.role, user?.id],
  );
}

/** Whether this person may record attendance on this class. */
export function useCanTakeAttendance(teacherId: string | null): boolean {
  return useAttendanceRight()(teacherId);
}

/** Marks a booking attended or no-show; a refusal is said in a message. */
export function useSetAttendance(): {
  set: (booking: { id: string; memberId: string }, mark: AttendanceMark) => void;
  pending: boolean;
} {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mark = useMarkAttendance();
  return {
    set: (booking, value) =>
      mark.mutate(
        { id: booking.id, memberId: booking.memberId, mark: value },
        { onError: (error) => void message.error(classErrorMessage(t, error)) },
      ),
    pending: mark.isPending,
  };
}
