import './classes.css';
import { PlusOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { useCentreToday } from '../../shared/today';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { SectionTable } from '../../shared/ui/OneLineTable';
import { EmptyState, QueryState } from '../../shared/ui/ScreenStates';
import { type Booking, useBookings } from './api';
import { BookingActions } from './components/BookingActions';
import { BookingOutcome } from './components/BookingOutcome';
import { BookingStatusTag, TypeSwatch, useClassDay } from './components/ClassParts';
import { memberClassAddPath } from './paths';

const PAGE_SIZE = 10;
type Show = 'upcoming' | 'all';

/** The member file's "Bookings": upcoming (or every) booking, with cancel and, for a manager, waive. */
export function MemberBookingsTab({ memberId, homeCenterId }: { memberId: string; homeCenterId: string }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const day = useClassDay();
  const today = useCentreToday()(homeCenterId);
  const [show, setShow] = useState<Show>('upcoming');
  const [page, setPage] = useState(1);
  const bookings = useBookings(
    {
      member: memberId,
      page,
      pageSize: PAGE_SIZE,
      includeCancelled: 'true',
      ...(show === 'upcoming' ? { from: today, sort: 'startsAt' } : { sort: '-startsAt' }),
    },
    ability.can('read', 'Booking'),
  );
  if (!ability.can('read', 'Booking')) return <EmptyState description={t('classes:memberTab.noAccess')} />;
  return (
    <div className="member-tab" data-testid="member-bookings">
      <div className="member-tab__toolbar">
        <Segmented<Show>
          value={show}
          onChange={(value) => {
            setShow(value);
            setPage(1);
          }}
          options={[
            { value: 'upcoming', label: t('classes:memberTab.upcoming') },
            { value: 'all', label: t('classes:memberTab.all') },
          ]}
          data-testid="member-bookings-show"
        />
        {ability.can('create', 'Booking') && (
          <ButtonLink
            type="primary"
            icon={<PlusOutlined />}
            to={memberClassAddPath(memberId)}
            data-testid="member-book"
          >
            {t('classes:memberTab.book')}
          </ButtonLink>
        )}
      </div>
      <QueryState
        query={bookings}
        isEmpty={(data) => data.items.length === 0}
        emptyText={show === 'upcoming' ? t('classes:memberTab.noneUpcoming') : t('classes:memberTab.none')}
      >
        {(data) => (
          <SectionTable<Booking>
            dataSource={data.items}
            data-testid="member-booking-table"
            rowClassName={(b) => `booking-row booking-row--${b.status}`}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data.total, onChange: setPage }}
            columns={[
              {
                key: 'when',
                title: t('classes:fields.time'),
                render: (_: unknown, b: Booking) => (
                  <div className="class-time">
                    <span className="class-time__day">{day(b.class.date)}</span>
                    <span className="class-time__start">{b.class.startTime}</span>
                  </div>
                ),
              },
              {
                key: 'class',
                title: t('classes:fields.class'),
                render: (_: unknown, b: Booking) => (
                  <div className="class-what">
                    <span className="class-what__type">
                      <TypeSwatch colour={b.class.type.colour} />
                      {b.class.type.name}
                    </span>
                    <span className="class-what__who">
                      {b.class.center.code} · {b.class.room.name} · {b.class.teacher.name}
                    </span>
                  </div>
                ),
              },
              {
                key: 'status',
                title: t('classes:fields.status'),
                render: (_: unknown, b: Booking) => (
                  <div className="class-what">
                    <BookingStatusTag status={b.status} position={b.waitlistPosition} trial={b.trial} />
                    <span className="booking-member__meta">
                      <BookingOutcome booking={b} />
                    </span>
                  </div>
                ),
              },
              {
                key: 'actions',
                title: t('classes:fields.actions'),
                render: (_: unknown, b: Booking) => <BookingActions booking={b} />,
              },
            ]}
          />
        )}
      </QueryState>
    </div>
  );
}
