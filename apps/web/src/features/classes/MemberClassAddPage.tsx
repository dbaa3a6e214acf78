/**
 * `/apps/member/:id/class/add`: book a member into one class or a series. Upcoming classes of a
 * centre are listed (the tab's centre, else the member's home centre); the desk ticks classes, or
 * a whole series at once, chooses how they are paid (the automatic choice, a package credit or a
 * membership), and books them. Each class is its own booking (its own `Idempotency-Key`): one that
 * is full or not covered is said beside it and does not undo the others. A member with nothing that
 * pays is sold a package on the spot: the cart opens with the chosen classes remembered, and its
 * success screen comes back here with them ticked.
 */
import '../sales/sales.css';
import './classes.css';
import type { BookingPaymentChoice } from '@gym/contract/classes';
import { addDays } from '@gym/contract/time';
import { Alert, Button, Card, Form, Result, Select, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAbility } from '../../shared/acl';
import { isApiError } from '../../shared/api/client';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { useCentreToday } from '../../shared/today';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { SectionTable } from '../../shared/ui/OneLineTable';
import { QueryState } from '../../shared/ui/ScreenStates';
import { StackedForm } from '../../shared/ui/StackedForm';
import { memberPath } from '../members/paths';
import { useEntitlements } from '../sales/api';
import { sellThenBookPath } from '../sales/returnTo';
import { SaleMemberHeader } from '../sales/SaleMemberHeader';
import { useSaleMember } from '../sales/useSaleMember';
import { type Booking, type ClassListItem, useBook, useBookings, useClassList, useClassTypeOptions } from './api';
import { classErrorMessage } from './classErrors';
import { EntitlementField, PaidByChoice, picksEntitlement, usePayingEntitlements } from './components/BookDialog';
import { BookingOutcome } from './components/BookingOutcome';
import { BookingStatusTag, CourseSessionText, PlacesCell, TypeSwatch, useClassDay } from './components/ClassParts';

const TEST_ID = 'screen-member-class-add';
/** How far ahead the page offers classes (a series' next four weeks). */
const AHEAD_DAYS = 28;

type Outcome = { classId: string; booking: Booking | null; error: string | null; unpaid?: boolean };

/** Refusals a sale on the spot cures: nothing the member holds pays for the class. */
const UNPAID_CODES = new Set(['no_credit', 'not_covered']);
/** The classes ticked before a sale on the spot (`?classes=a,b`), for the return from the cart. */
const CLASSES_PARAM = 'classes';

export default function MemberClassAddPage() {
  const { member, state } = useSaleMember(TEST_ID);
  if (state || !member) return state;
  return (
    <div className="screen sale" data-testid={TEST_ID}>
      <SaleMemberHeader member={member} />
      <BookClasses memberId={member.id} homeCenterId={member.homeCenter.id} memberStatus={member.status} />
    </div>
  );
}

function BookClasses({
  memberId,
  homeCenterId,
  memberStatus,
}: {
  memberId: string;
  homeCenterId: string;
  memberStatus: string;
}) {
  const { t } = useTranslation();
  const day = useClassDay();
  const tabCenter = useCenterId();
  const centers = useCenters();
  const centreToday = useCentreToday();
  const [centerId, setCenterId] = useState<string>(tabCenter ?? homeCenterId);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<string[]>(() =>
    (params.get(CLASSES_PARAM) ?? '').split(',').filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
  );
  const ability = useAbility();
  const canSell = ability.can('create', 'Sale');
  // Whether the member holds anything that may pay a class (a membership, or class credits): if not,
  // the desk is offered a sale on the spot before booking (the server decides coverage per class).
  const holdings = useEntitlements(memberId, ability.can('read', 'Sale'));
  const holdsSomething = (holdings.data ?? []).some(
    (e) =>
      e.status === 'active' &&
      !e.frozen &&
      (e.kind === 'membership' || (e.kind === 'package' && (e.creditsLeft ?? 0) > 0 && e.usage !== 'rental')),
  );
  const [choice, setChoice] = useState<BookingPaymentChoice>('auto');
  const [entitlementId, setEntitlementId] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const [running, setRunning] = useState(false);
  const types = useClassTypeOptions();
  const paying = usePayingEntitlements(memberId, choice);
  const book = useBook();

  const today = centreToday(centerId);
  const classes = useClassList({
    center: centerId,
    from: today,
    to: addDays(today, AHEAD_DAYS),
    status: 'scheduled',
    pageSize: 500,
    sort: 'startsAt',
    ...(typeId ? { type: typeId } : {}),
  });
  // The member's own bookings of these days: a class already booked (or waited for) is shown, not offered.
  const mine = useBookings({ member: memberId, from: today, pageSize: 500, sort: 'startsAt' });
  const held = useMemo(
    () =>
      new Map(
        (mine.data?.items ?? [])
          .filter((b) => b.status === 'booked' || b.status === 'waitlisted' || b.status === 'attended')
          .map((b) => [b.class.id, b]),
      ),
    [mine.data],
  );
  const upcoming = useMemo(
    () => (classes.data?.items ?? []).filter((c) => Date.parse(c.startsAt) > Date.now()),
    [classes.data],
  );
  const byId = new Map(upcoming.map((c) => [c.id, c]));

  const selectSeries = (c: ClassListItem) => {
    const series = upcoming
      .filter((x) => x.seriesId === c.seriesId && x.startsAt >= c.startsAt && !held.has(x.id) && !x.shortCourse)
      .map((x) => x.id);
    setSelected((current) => [...new Set([...current, ...series])]);
  };

  const run = async () => {
    setRunning(true);
    const results: Outcome[] = [];
    for (const classId of [...selected].sort((a, b) =>
      (byId.get(a)?.startsAt ?? '').localeCompare(byId.get(b)?.startsAt ?? ''),
    )) {
      try {
        const booking = await book.mutateAsync({
          memberId,
          classId,
          paidBy: choice,
          ...(picksEntitlement(choice) && entitlementId ? { entitlementId } : {}),
        });
        results.push({ classId, booking, error: null });
      } catch (error) {
        const unpaid = isApiError(error) && (error.fields ?? []).some((f) => UNPAID_CODES.has(f.code));
        results.push({ classId, booking: null, error: classErrorMessage(t, error), unpaid });
      }
      setOutcomes([...results]);
    }
    setRunning(false);
    setSelected([]);
  };

  const describe = (c: ClassListItem | undefined) =>
    c ? `${day(c.date)} ${c.startTime} · ${c.type.name} · ${c.room.name}` : '';

  if (outcomes && !running) {
    const booked = outcomes.filter((o) => o.booking).length;
    // Classes refused because nothing pays for them: selling a package is the desk's next step.
    const sellOffered = canSell && outcomes.some((o) => o.unpaid);
    return (
      <Card variant="borderless" data-testid="class-add-done">
        <Result
          status={booked === outcomes.length ? 'success' : booked > 0 ? 'warning' : 'error'}
          title={t('classes:memberAdd.done', { booked, count: outcomes.length })}
          extra={
            <Space wrap>
              <Button onClick={() => setOutcomes(null)} data-testid="class-add-more">
                {t('classes:memberAdd.more')}
              </Button>
              <ButtonLink
                type={sellOffered ? 'default' : 'primary'}
                to={`${memberPath(memberId)}?tab=bookings`}
                data-testid="class-add-file"
              >
                {t('classes:memberAdd.toFile')}
              </ButtonLink>
              {sellOffered && (
                <ButtonLink
                  type="primary"
                  to={sellThenBookPath(
                    memberId,
                    outcomes.filter((o) => o.unpaid).map((o) => o.classId),
                  )}
                  data-testid="class-add-sell"
                >
                  {t('classes:memberAdd.sellThenBook')}
                </ButtonLink>
              )}
            </Space>
          }
        />
        <ul className="class-add__outcomes" data-testid="class-add-outcomes">
          {outcomes.map((o) => (
            <li key={o.classId} data-status={o.booking?.status ?? 'refused'}>
              <strong>{describe(byId.get(o.classId)) || o.booking?.class.type.name}</strong>:{' '}
              {o.booking ? <BookingOutcome booking={o.booking} /> : <span className="field-error">{o.error}</span>}
            </li>
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <Card variant="borderless" title={t('classes:memberAdd.pick')}>
      <Space wrap className="class-add__filters">
        <Select
          aria-label={t('classes:fields.center')}
          value={centerId}
          loading={centers.isPending}
          popupMatchSelectWidth={false}
          onChange={(value: string) => {
            setCenterId(value);
            setSelected([]);
          }}
          options={(centers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
          data-testid="class-add-center"
        />
        <Select
          allowClear
          className="list-filters__select"
          placeholder={t('classes:filters.anyType')}
          aria-label={t('classes:fields.type')}
          value={typeId}
          popupMatchSelectWidth={false}
          onChange={(value: string | null | undefined) => setTypeId(value ?? null)}
          options={(types.data ?? []).filter((x) => x.active).map((x) => ({ value: x.id, label: x.name }))}
        />
      </Space>
      <QueryState query={classes}>
        {() => (
          <SectionTable<ClassListItem>
            dataSource={upcoming}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            locale={{ emptyText: t('classes:memberAdd.none') }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys as string[]),
              // A short course's session is booked by buying the course (enrolment books every session).
              getCheckboxProps: (c) => ({
                'aria-label': describe(c),
                disabled: held.has(c.id) || Boolean(c.shortCourse),
              }),
            }}
            data-testid="class-add-table"
            columns={[
              {
                key: 'when',
                title: t('classes:fields.time'),
                render: (_: unknown, c: ClassListItem) => (
                  <div className="class-time">
                    <span className="class-time__day">{day(c.date)}</span>
                    <span className="class-time__start">{c.startTime}</span>
                  </div>
                ),
              },
              {
                key: 'class',
                title: t('classes:fields.class'),
                maxWidth: 250,
                render: (_: unknown, c: ClassListItem) => (
                  <div className="class-what">
                    <span className="class-what__type">
                      <TypeSwatch colour={c.type.colour} />
                      {c.type.name}
                    </span>
                    <span className="class-what__who">
                      {c.room.name} · {c.teacher.name}
                    </span>
                    {c.shortCourse && (
                      <span className="class-course" data-testid="class-course">
                        <CourseSessionText course={c.shortCourse} />
                        {!held.has(c.id) && ` · ${t('classes:course.enrolledOnly')}`}
                      </span>
                    )}
                  </div>
                ),
              },
              {
                key: 'places',
                title: t('classes:fields.places'),
                render: (_: unknown, c: ClassListItem) => <PlacesCell item={c} />,
              },
              {
                key: 'mine',
                title: t('classes:fields.status'),
                render: (_: unknown, c: ClassListItem) => {
                  const booking = held.get(c.id);
                  return booking ? (
                    <BookingStatusTag
                      status={booking.status}
                      position={booking.waitlistPosition}
                      trial={booking.trial}
                    />
                  ) : null;
                },
              },
              {
                key: 'series',
                title: t('classes:fields.actions'),
                render: (_: unknown, c: ClassListItem) =>
                  c.seriesId && !c.shortCourse ? (
                    <Button size="small" onClick={() => selectSeries(c)} data-testid="class-add-series">
                      {t('classes:memberAdd.series')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        )}
      </QueryState>
      <StackedForm className="class-add__pay">
        <Form.Item label={t('classes:book.paidBy')} extra={t(`classes:paidByHelp.${choice}`)}>
          <PaidByChoice
            value={choice}
            memberStatus={memberStatus}
            onChange={(picked) => {
              setChoice(picked);
              setEntitlementId(null);
            }}
            testId="class-add-paid-by"
          />
        </Form.Item>
        {picksEntitlement(choice) && paying.readable && (
          <EntitlementField
            choice={choice}
            paying={paying}
            value={entitlementId}
            onChange={setEntitlementId}
            testId="class-add-entitlement"
          />
        )}
        {selected.length > 0 && (
          <p data-testid="class-add-selected">
            {t('classes:memberAdd.selected', { count: selected.length })}{' '}
            {selected.length > 0 && (
              <Tag>{[...new Set(selected.map((id) => byId.get(id)?.type.name).filter(Boolean))].join(', ')}</Tag>
            )}
          </p>
        )}
        {running && <Alert type="info" showIcon title={t('classes:memberAdd.running')} />}
        {canSell && holdings.isSuccess && !holdsSomething && (
          <Alert
            type="warning"
            showIcon
            className="class-add__nothing"
            title={t('classes:memberAdd.nothingPays')}
            action={
              <ButtonLink size="small" to={sellThenBookPath(memberId, selected)} data-testid="class-add-sell-first">
                {t('classes:memberAdd.sellThenBook')}
              </ButtonLink>
            }
          />
        )}
        <Button
          type="primary"
          size="large"
          disabled={selected.length === 0}
          loading={running}
          onClick={() => void run()}
          data-testid="class-add-submit"
        >
          {t('classes:memberAdd.submit', { count: selected.length })}
        </Button>
      </StackedForm>
    </Card>
  );
}
