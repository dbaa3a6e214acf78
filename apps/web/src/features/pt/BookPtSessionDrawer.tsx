/**
 * Books a PT session on the package shown: centre (those the package holds at), date, start time,
 * length, trainer and an optional room. The trainer's working hours of that weekday are shown under
 * the trainer, so the desk sees when they work before sending; the server's refusals (outside hours,
 * a day off, a clash with a class or another session, no credit left) are put beside their field.
 */
import { PT_LIMITS, type PtPackage } from '@gym/contract/pt';
import { Alert, App, Button, DatePicker, Drawer, Form, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { isApiError } from '../../shared/api/client';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { quarterHours } from '../../shared/timeOfDay';
import { useCentreToday } from '../../shared/today';
import { StackedForm } from '../../shared/ui/StackedForm';
import { useMediaQuery } from '../../shared/useMediaQuery';
import { useUserData } from '../../shared/useSession';
import { useRoomOptions } from '../classes/api';
import { useBookPtSession, useTrainerHours, useTrainerOptions } from './api';
import { endOf, ptErrorMessage, ptFieldMessage } from './ptRules';

const FIELDS = ['centerId', 'date', 'startTime', 'durationMinutes', 'trainerId', 'roomId'] as const;
const LENGTHS = [30, 45, 60, 90, 120];
const TIMES = quarterHours();

interface Values {
  centerId: string | null;
  date: Dayjs | null;
  startTime: string | null;
  durationMinutes: number;
  trainerId: string | null;
  roomId: string | null;
}

/** ISO weekday (1 Monday … 7 Sunday) of a business date. */
const weekdayOf = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

export function BookPtSessionDrawer({
  open,
  detail,
  onClose,
}: {
  open: boolean;
  detail: PtPackage;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 767px)');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={narrow ? '100%' : 520}
      title={t('classes:pt.bookTitle', { name: detail.member.name })}
      data-testid="pt-book-drawer"
    >
      {open && <BookForm detail={detail} onClose={onClose} />}
    </Drawer>
  );
}

function BookForm({ detail, onClose }: { detail: PtPackage; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const ability = useAbility();
  const user = useUserData();
  const centers = useCenters();
  const tabCenter = useCenterId();
  const centreToday = useCentreToday();
  const book = useBookPtSession();
  const [formError, setFormError] = useState<string | null>(null);

  const usable = (centers.data ?? []).filter((c) => detail.allCenters || detail.centerIds.includes(c.id));
  const isTrainer = user?.role === 'trainer';
  const firstCenter = usable.find((c) => c.id === tabCenter)?.id ?? usable[0]?.id ?? null;
  const centerId = Form.useWatch('centerId', form) ?? null;
  const date = Form.useWatch('date', form) as Dayjs | null | undefined;
  const startTime = Form.useWatch('startTime', form) as string | null | undefined;
  const duration = (Form.useWatch('durationMinutes', form) as number | undefined) ?? PT_LIMITS.defaultDuration;
  const trainerId = Form.useWatch('trainerId', form) ?? null;
  const trainers = useTrainerOptions(centerId, !isTrainer && ability.can('read', 'Staff'));
  const rooms = useRoomOptions(centerId);
  const hours = useTrainerHours(trainerId);

  useEffect(() => {
    if (!form.getFieldValue('centerId') && firstCenter) {
      form.setFieldsValue({ centerId: firstCenter, date: dayjs(centreToday(firstCenter)) });
    }
  }, [firstCenter, form, centreToday]);

  const day = date ? date.format('YYYY-MM-DD') : null;
  const dayHours = (hours.data?.hours ?? []).filter(
    (h) => h.centerId === centerId && day !== null && h.weekday === weekdayOf(day),
  );

  const onFinish = (v: Values) => {
    setFormError(null);
    book.mutate(
      {
        entitlementId: detail.entitlementId,
        centerId: v.centerId!,
        trainerId: v.trainerId!,
        roomId: v.roomId ?? null,
        date: v.date!.format('YYYY-MM-DD'),
        startTime: v.startTime!,
        durationMinutes: v.durationMinutes,
      },
      {
        onSuccess: (session) => {
          void message.success(t('classes:pt.booked', { date: session.date, time: session.startTime }));
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error) || !error.fields?.length) return setFormError(ptErrorMessage(t, error));
          const beside = error.fields.filter((f) => (FIELDS as readonly string[]).includes(f.path));
          form.setFields(
            beside.map((f) => ({
              name: f.path as (typeof FIELDS)[number],
              errors: [
                f.code === 'trainer_busy' || f.code === 'room_busy'
                  ? ptErrorMessage(t, error)
                  : ptFieldMessage(t, f.code),
              ],
            })),
          );
          if (beside[0]) form.scrollToField(beside[0].path, { block: 'center', focus: true });
          if (beside.length < error.fields.length) setFormError(ptErrorMessage(t, error));
        },
      },
    );
  };

  const required = { required: true, message: t('classes:form.required') };
  const initial: Values = {
    centerId: firstCenter,
    date: firstCenter ? dayjs(centreToday(firstCenter)) : null,
    startTime: null,
    durationMinutes: PT_LIMITS.defaultDuration,
    trainerId: isTrainer ? (user?.id ?? null) : null,
    roomId: null,
  };

  return (
    <StackedForm<Values>
      form={form}
      name="pt-session"
      disabled={book.isPending}
      initialValues={initial}
      onFinish={onFinish}
      onValuesChange={() => setFormError(null)}
    >
      <div className="form-columns">
        <Form.Item label={t('classes:fields.center')} name="centerId" rules={[required]}>
          <Select
            loading={centers.isPending}
            onChange={() => form.setFieldsValue({ roomId: null, ...(isTrainer ? {} : { trainerId: null }) })}
            options={usable.map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
            data-testid="pt-field-centerId"
          />
        </Form.Item>
        <Form.Item label={t('classes:fields.date')} name="date" rules={[required]}>
          <DatePicker
            allowClear={false}
            className="full-width"
            disabledDate={(d) => Boolean(centerId) && d.format('YYYY-MM-DD') < centreToday(centerId)}
            data-testid="pt-field-date"
          />
        </Form.Item>
        <Form.Item
          label={t('classes:fields.startTime')}
          name="startTime"
          rules={[required]}
          extra={startTime ? t('classes:pt.endsAt', { time: endOf(startTime, duration) }) : undefined}
        >
          <Select
            showSearch
            placeholder={t('classes:pt.pickTime')}
            options={TIMES.map((time) => ({ value: time, label: time }))}
            data-testid="pt-field-startTime"
          />
        </Form.Item>
        <Form.Item label={t('classes:fields.durationMinutes')} name="durationMinutes" rules={[required]}>
          <Select
            options={LENGTHS.map((m) => ({ value: m, label: t('classes:pt.minutes', { count: m }) }))}
            data-testid="pt-field-durationMinutes"
          />
        </Form.Item>
        <Form.Item
          label={t('classes:pt.trainer')}
          name="trainerId"
          rules={[required]}
          extra={
            trainerId && day
              ? dayHours.length
                ? t('classes:pt.worksFrom', { hours: dayHours.map((h) => `${h.start}–${h.end}`).join(', ') })
                : t('classes:pt.notWorking')
              : undefined
          }
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            disabled={isTrainer}
            loading={trainers.isFetching}
            options={
              isTrainer
                ? [{ value: user!.id, label: user!.fullName ?? '' }]
                : (trainers.data ?? []).map((s) => ({ value: s.id, label: s.fullName }))
            }
            data-testid="pt-field-trainerId"
          />
        </Form.Item>
        <Form.Item label={t('classes:fields.room')} name="roomId" extra={t('classes:pt.roomHelp')}>
          <Select
            allowClear
            placeholder={t('classes:pt.noRoom')}
            loading={rooms.isPending}
            options={(rooms.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            data-testid="pt-field-roomId"
          />
        </Form.Item>
      </div>
      {formError && (
        <Alert type="error" showIcon title={formError} className="class-form__error" data-testid="pt-form-error" />
      )}
      <Space>
        <Button onClick={onClose} disabled={false}>
          {t('classes:cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={book.isPending} data-testid="pt-submit">
          {t('classes:pt.bookSubmit')}
        </Button>
      </Space>
    </StackedForm>
  );
}
