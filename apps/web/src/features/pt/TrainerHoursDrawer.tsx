/**
 * A trainer's working hours (per centre and weekday; several spans a day) and days off, opened from
 * the calendar's trainer filter: where a manager planning the week looks. Everyone who may read PT
 * sees them; a role with `update` on `Staff` (the rota) edits them. PT sessions are booked only
 * inside these hours and never on a day off.
 */
import {
  Alert,
  App,
  Button,
  DatePicker,
  Drawer,
  Empty,
  Input,
  List,
  Popconfirm,
  Select,
  Space,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { isApiError } from '../../shared/api/client';
import { useCenters } from '../../shared/centers';
import { quarterHours } from '../../shared/timeOfDay';
import { useCentreToday } from '../../shared/today';
import { ErrorState, LoadingState, QueryState } from '../../shared/ui/ScreenStates';
import { useMediaQuery } from '../../shared/useMediaQuery';
import { useAddDayOff, useDaysOff, useDeleteDayOff, useSaveTrainerHours, useTrainerHours } from './api';
import { badHours, type HoursRow, ptErrorMessage, ptFieldMessage } from './ptRules';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const TIMES = quarterHours('23:59');

/** A new row that clashes with none: the first day without hours at that centre, else more hours after the last row's. */
function nextHours(list: readonly HoursRow[], firstCentre: string): HoursRow {
  const last = list.at(-1);
  const centerId = last?.centerId ?? firstCentre;
  const free = WEEKDAYS.find((d) => !list.some((r) => r.centerId === centerId && r.weekday === d));
  if (free !== undefined || !last)
    return { centerId, weekday: free ?? 1, start: last?.start ?? '09:00', end: last?.end ?? '17:00' };
  const later = TIMES.filter((x) => x > last.end);
  return { centerId, weekday: last.weekday, start: last.end, end: later[7] ?? '23:59' };
}

export function TrainerHoursDrawer({
  trainer,
  onClose,
}: {
  trainer: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 767px)');
  return (
    <Drawer
      open={Boolean(trainer)}
      onClose={onClose}
      destroyOnHidden
      size={narrow ? '100%' : 600}
      title={trainer ? t('classes:pt.hours.title', { name: trainer.name }) : ''}
      data-testid="trainer-hours-drawer"
    >
      {trainer && (
        <>
          <Hours trainerId={trainer.id} />
          <DaysOff trainerId={trainer.id} />
        </>
      )}
    </Drawer>
  );
}

function Hours({ trainerId }: { trainerId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ability = useAbility();
  const centers = useCenters();
  const hours = useTrainerHours(trainerId);
  const save = useSaveTrainerHours(trainerId);
  const [rows, setRows] = useState<HoursRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editable = ability.can('update', 'Staff');

  useEffect(() => {
    if (hours.data && rows === null) setRows(hours.data.hours.map((h) => ({ ...h })));
  }, [hours.data, rows]);

  if (hours.isPending) return <LoadingState />;
  if (hours.isError) return <ErrorState error={hours.error} onRetry={() => void hours.refetch()} />;
  const list = rows ?? [];
  const bad = new Map(badHours(list).map((b) => [b.index, b.reason]));
  const centreName = (id: string) => centers.data?.find((c) => c.id === id)?.name ?? '';
  const change = (i: number, patch: Partial<HoursRow>) =>
    setRows(list.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const onSave = () => {
    setError(null);
    save.mutate(list, {
      onSuccess: (answer) => {
        setRows(answer.hours.map((h) => ({ ...h })));
        void message.success(t('classes:pt.hours.saved'));
      },
      onError: (e) =>
        setError(isApiError(e) && e.fields?.[0] ? ptFieldMessage(t, e.fields[0].code) : ptErrorMessage(t, e)),
    });
  };

  return (
    <section className="pt-hours" aria-labelledby="pt-hours-title">
      <Typography.Title level={4} id="pt-hours-title">
        {t('classes:pt.hours.working')}
      </Typography.Title>
      {list.length === 0 && <Empty description={t('classes:pt.hours.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {!editable &&
        list.map((r) => (
          <div key={`${r.centerId}-${r.weekday}-${r.start}`} data-testid="pt-hours-row">
            {t(`classes:weekdays.${r.weekday}`)} {r.start}–{r.end} · {centreName(r.centerId)}
          </div>
        ))}
      {editable &&
        list.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; the index is their place
          <div className="pt-hours__row" key={i} data-testid="pt-hours-row">
            <Select
              aria-label={t('classes:fields.center')}
              value={r.centerId}
              popupMatchSelectWidth={false}
              onChange={(centerId: string) => change(i, { centerId })}
              options={(centers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
            <Select
              aria-label={t('classes:pt.hours.weekday')}
              value={r.weekday}
              onChange={(weekday: number) => change(i, { weekday })}
              options={WEEKDAYS.map((d) => ({ value: d, label: t(`classes:weekdays.${d}`) }))}
            />
            <Select
              showSearch
              aria-label={t('classes:pt.hours.from')}
              value={r.start}
              onChange={(start: string) => change(i, { start })}
              options={TIMES.map((x) => ({ value: x, label: x }))}
            />
            <Select
              showSearch
              aria-label={t('classes:pt.hours.to')}
              value={r.end}
              status={bad.has(i) ? 'error' : undefined}
              onChange={(end: string) => change(i, { end })}
              options={TIMES.map((x) => ({ value: x, label: x }))}
            />
            <Button aria-label={t('classes:pt.hours.remove')} onClick={() => setRows(list.filter((_, j) => j !== i))}>
              ×
            </Button>
            {bad.has(i) && (
              <div className="pt-hours__error" role="alert">
                {ptFieldMessage(t, bad.get(i)!)}
              </div>
            )}
          </div>
        ))}
      {editable && (
        <Space wrap className="pt-hours__actions">
          <Button
            onClick={() => setRows([...list, nextHours(list, centers.data?.[0]?.id ?? '')])}
            data-testid="pt-hours-add"
          >
            {t('classes:pt.hours.add')}
          </Button>
          <Button
            type="primary"
            onClick={onSave}
            loading={save.isPending}
            disabled={bad.size > 0}
            data-testid="pt-hours-save"
          >
            {t('classes:pt.hours.save')}
          </Button>
        </Space>
      )}
      {error && <Alert type="error" showIcon title={error} className="class-form__error" />}
    </section>
  );
}

function DaysOff({ trainerId }: { trainerId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ability = useAbility();
  const today = useCentreToday()();
  const days = useDaysOff(trainerId, today);
  const add = useAddDayOff(trainerId);
  const remove = useDeleteDayOff(trainerId);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const editable = ability.can('update', 'Staff');

  const onAdd = () => {
    if (!range?.[0] || !range[1]) return setError(t('classes:form.required'));
    setError(null);
    add.mutate(
      { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD'), note: note.trim() || null },
      {
        onSuccess: () => {
          setRange(null);
          setNote('');
          void message.success(t('classes:pt.daysOff.added'));
        },
        onError: (e) =>
          setError(isApiError(e) && e.fields?.[0] ? ptFieldMessage(t, e.fields[0].code) : ptErrorMessage(t, e)),
      },
    );
  };

  return (
    <section className="pt-hours" aria-labelledby="pt-days-off-title">
      <Typography.Title level={4} id="pt-days-off-title">
        {t('classes:pt.daysOff.title')}
      </Typography.Title>
      <QueryState query={days}>
        {(data) => (
          <List
            size="small"
            locale={{ emptyText: t('classes:pt.daysOff.none') }}
            dataSource={data}
            data-testid="pt-days-off"
            renderItem={(d) => (
              <List.Item
                actions={
                  editable
                    ? [
                        <Popconfirm
                          key="remove"
                          title={t('classes:pt.daysOff.removeConfirm')}
                          okText={t('classes:pt.daysOff.remove')}
                          cancelText={t('classes:keep')}
                          onConfirm={() => remove.mutate(d.id)}
                        >
                          <Button size="small" danger>
                            {t('classes:pt.daysOff.remove')}
                          </Button>
                        </Popconfirm>,
                      ]
                    : []
                }
              >
                {d.from === d.to ? d.from : `${d.from} – ${d.to}`}
                {d.note ? ` · ${d.note}` : ''}
              </List.Item>
            )}
          />
        )}
      </QueryState>
      {editable && (
        <div className="pt-hours__add">
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)}
            aria-label={t('classes:pt.daysOff.dates')}
            status={error ? 'error' : undefined}
          />
          <Input
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t('classes:pt.daysOff.note')}
            aria-label={t('classes:pt.daysOff.note')}
          />
          <Button onClick={onAdd} loading={add.isPending} data-testid="pt-day-off-add">
            {t('classes:pt.daysOff.add')}
          </Button>
          {error && (
            <div className="pt-hours__error" role="alert">
              {error}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
