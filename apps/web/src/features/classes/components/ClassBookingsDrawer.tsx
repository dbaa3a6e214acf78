import type { AttendanceMark } from '@gym/contract/classes';
import { Drawer, Segmented, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionTable } from '../../../shared/ui/OneLineTable';
import { QueryState } from '../../../shared/ui/ScreenStates';
import { memberPath } from '../../members/paths';
import { type Booking, type ClassListItem, useBookings } from '../api';
import { attendanceOpen, markableStatus } from '../attendance';
import { useCanTakeAttendance, useSetAttendance } from '../useAttendance';
import { BookingActions } from './BookingActions';
import { BookingOutcome } from './BookingOutcome';
import { BookingStatusTag, useClassDay } from './ClassParts';

export type BookingsTarget = Pick<
  ClassListItem,
  | 'id'
  | 'date'
  | 'startTime'
  | 'endTime'
  | 'room'
  | 'type'
  | 'teacher'
  | 'booked'
  | 'capacity'
  | 'status'
  | 'startsAt'
  | 'mode'
  | 'renter'
  | 'rentalHours'
>;

/** The class's bookings: who is booked or waiting, attendance toggles, cancel and waive on each. */
export function ClassBookingsDrawer({ target, onClose }: { target: BookingsTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const day = useClassDay();
  const bookings = useBookings({ class: target?.id ?? '', pageSize: 500, sort: 'bookedAt' }, Boolean(target));
  const mark = useSetAttendance();
  const canMark = useCanTakeAttendance(target?.teacher.id ?? null);
  const markable = canMark && target !== null && attendanceOpen(target);

  const items = bookings.data?.items ?? [];
  const present = items.filter((b) => b.status !== 'cancelled');
  const attended = items.filter((b) => b.status === 'attended').length;

  const setMark = (booking: Booking, value: AttendanceMark) =>
    mark.set({ id: booking.id, memberId: booking.member.id }, value);

  return (
    <Drawer
      open={Boolean(target)}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={
        target
          ? t('classes:bookings.title', { type: target.type.name, day: day(target.date), time: target.startTime })
          : ''
      }
      data-testid="class-bookings"
    >
      {target && (
        <p className="class-dialog__what">
          {target.startTime}–{target.endTime} · {target.room.name} · {target.teacher.name} ·{' '}
          <span data-testid="bookings-summary">
            {t('classes:bookings.summary', { booked: target.booked, capacity: target.capacity, attended })}
          </span>
        </p>
      )}
      {target?.mode === 'rental' && (
        <p className="class-dialog__help" data-testid="bookings-rental">
          <Tag color="#6a1b9a">{t('classes:modes.rental')}</Tag>
          {target.renter ? t('classes:rental.rentedBy', { name: target.renter.name }) : null}
          {target.rentalHours !== null ? ` · ${t('classes:rental.hoursPerClass', { count: target.rentalHours })}` : ''}
          {' · '}
          {t('classes:rental.membersPayTeacher')}
        </p>
      )}
      {target && !markable && canMark && target.status === 'scheduled' && (
        <p className="class-dialog__help">{t('classes:bookings.attendanceLater')}</p>
      )}
      <QueryState query={bookings} isEmpty={() => present.length === 0} emptyText={t('classes:bookings.none')}>
        {() => (
          <SectionTable<Booking>
            dataSource={present}
            data-testid="class-booking-table"
            rowClassName={(b) => `booking-row booking-row--${b.status}`}
            columns={[
              {
                key: 'member',
                title: t('classes:fields.member'),
                render: (_: unknown, b: Booking) => (
                  <div className="booking-member">
                    <Link to={memberPath(b.member.id)}>{b.member.name}</Link>
                    {b.member.chineseName && <span lang="zh-Hant"> {b.member.chineseName}</span>}
                    <div className="booking-member__meta">
                      <span className="mono">{b.member.code}</span> · <BookingOutcome booking={b} />
                    </div>
                  </div>
                ),
              },
              {
                key: 'status',
                title: t('classes:fields.status'),
                render: (_: unknown, b: Booking) => (
                  <BookingStatusTag status={b.status} position={b.waitlistPosition} trial={b.trial} />
                ),
              },
              ...(markable
                ? [
                    {
                      key: 'attendance',
                      title: t('classes:fields.attendance'),
                      render: (_: unknown, b: Booking) =>
                        // A waived no-show stays as the manager left it.
                        markableStatus(b.status) && !(b.status === 'no_show' && b.waived) ? (
                          <Segmented<AttendanceMark>
                            size="small"
                            value={
                              b.status === 'attended' ? 'attended' : b.status === 'no_show' ? 'no_show' : undefined
                            }
                            onChange={(value) => setMark(b, value)}
                            disabled={mark.pending}
                            options={[
                              { value: 'attended', label: t('classes:attendance.attended') },
                              { value: 'no_show', label: t('classes:attendance.noShow') },
                            ]}
                            aria-label={t('classes:attendance.aria', { name: b.member.name })}
                            data-testid="attendance-toggle"
                          />
                        ) : null,
                    },
                  ]
                : []),
              {
                key: 'actions',
                title: t('classes:fields.actions'),
                render: (_: unknown, b: Booking) => <BookingActions booking={b} />,
              },
            ]}
          />
        )}
      </QueryState>
    </Drawer>
  );
}
