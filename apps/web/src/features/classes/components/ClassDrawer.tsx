import {
  CLASS_DEFAULTS,
  CLASS_LIMITS,
  CLASS_MODES,
  type EditScope,
  rentalHoursOf,
  type UpdateClassRequest,
} from '@gym/contract/classes';
import {
  Alert,
  App,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  TimePicker,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCenters } from '../../../shared/centers';
import { useCentreToday } from '../../../shared/today';
import { LoadingState } from '../../../shared/ui/ScreenStates';
import {
  type ClassDetail,
  useClass,
  useClassTypeOptions,
  useCreateClass,
  useOutsideTeacherOptions,
  useRentalHoursLeft,
  useRoomOptions,
  useTeacherOptions,
  useUpdateClass,
} from '../api';
import { placeClassErrors, wholeNumberRule } from '../classErrors';
import { firstSessionDate } from '../courseSessions';
import { CourseSessionText, TypeSwatch } from './ClassParts';
import { MemberPicker, type PickedMember } from './MemberPicker';

/**
 * The short course new classes are sessions of: at its centre, `sessionsLeft` of them by default,
 * from its first day (`startsOn`) when that is still ahead.
 */
export interface SessionsOfCourse {
  id: string;
  name: string;
  centerId: string;
  sessionsLeft: number;
  startsOn: string | null;
}

/** A new class (on a day, at a centre; or sessions of a short course) or an existing one (with its series, for the edit's scope). */
export type ClassDrawerTarget =
  | { classId: null; date: string; centerId: string | null; startTime?: string; shortCourse?: SessionsOfCourse }
  | { classId: string; seriesId: string | null };

type Ends = 'until' | 'count';
interface Values {
  centerId: string | null;
  classTypeId: string | null;
  date: Dayjs;
  startTime: Dayjs | null;
  durationMinutes: number | null;
  roomId: string | null;
  teacherId: string | null;
  capacity: number | null;
  credits: number | null;
  bookingOpensDaysBefore: number | null;
  bookingClosesMinutesBefore: number | null;
  cancellationWindowMinutes: number | null;
  mode: (typeof CLASS_MODES)[number];
  /** A rental class's renter: the outside teacher's member record, whose rental package pays the room. */
  renterMemberId: PickedMember | null;
  notes: string;
  repeats: boolean;
  weekdays: number[];
  everyWeeks: number | null;
  ends: Ends;
  until: Dayjs | null;
  count: number | null;
}

const FIELDS = [
  'centerId',
  'classTypeId',
  'date',
  'startTime',
  'durationMinutes',
  'roomId',
  'teacherId',
  'capacity',
  'credits',
  'bookingOpensDaysBefore',
  'bookingClosesMinutesBefore',
  'cancellationWindowMinutes',
  'mode',
  'renterMemberId',
  'notes',
  'recurrence',
  'weekdays',
  'everyWeeks',
  'until',
  'count',
] as const;
/** Fields whose server errors are found under `recurrence.<name>`. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** ISO weekday (1 Monday … 7 Sunday) of a business date. */
const isoWeekday = (date: Dayjs) => ((date.day() + 6) % 7) + 1;

/** `today`: the business date at the course's centre, for sessions of a short course. */
function initialValues(target: ClassDrawerTarget, detail: ClassDetail | undefined, today: string): Values {
  if (target.classId !== null && detail) {
    return {
      centerId: detail.center.id,
      classTypeId: detail.type.id,
      date: dayjs(detail.date),
      startTime: dayjs(`${detail.date}T${detail.startTime}`),
      durationMinutes: detail.durationMinutes,
      roomId: detail.room.id,
      teacherId: detail.teacher.id,
      capacity: detail.capacity,
      credits: detail.credits,
      bookingOpensDaysBefore: detail.bookingOpensDaysBefore,
      bookingClosesMinutesBefore: detail.bookingClosesMinutesBefore,
      cancellationWindowMinutes: detail.cancellationWindowMinutes,
      mode: detail.mode,
      renterMemberId: detail.renter ? { id: detail.renter.id, label: detail.renter.name } : null,
      notes: detail.notes ?? '',
      repeats: false,
      weekdays: [],
      everyWeeks: 1,
      ends: 'count',
      until: null,
      count: null,
    };
  }
  const course = target.classId === null ? target.shortCourse : undefined;
  const date = dayjs(
    course ? firstSessionDate(course.startsOn, today) : target.classId === null ? target.date : undefined,
  );
  return {
    centerId: course ? course.centerId : target.classId === null ? target.centerId : null,
    classTypeId: null,
    date,
    startTime: target.classId === null && target.startTime ? dayjs(`${target.date}T${target.startTime}`) : null,
    durationMinutes: null,
    roomId: null,
    teacherId: null,
    capacity: null,
    credits: null,
    bookingOpensDaysBefore: CLASS_DEFAULTS.bookingOpensDaysBefore,
    bookingClosesMinutesBefore: CLASS_DEFAULTS.bookingClosesMinutesBefore,
    cancellationWindowMinutes: CLASS_DEFAULTS.cancellationWindowMinutes,
    mode: CLASS_DEFAULTS.mode,
    renterMemberId: null,
    notes: '',
    // A course's sessions are a weekly series of what is left of it.
    repeats: Boolean(course),
    weekdays: [isoWeekday(date)],
    everyWeeks: 1,
    ends: 'count',
    until: null,
    count: course ? Math.max(1, course.sessionsLeft) : 10,
  };
}

/**
 * Plans a class (one-off, or a series by weekdays every N weeks until a date or for a count) or
 * edits one: this class, this and the following ones, or the whole series.
 */
export function ClassDrawer({ target, onClose }: { target: ClassDrawerTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const editingId = target?.classId ?? null;
  const detail = useClass(editingId);
  const loading = Boolean(editingId) && detail.isPending;
  return (
    <Drawer
      open={Boolean(target)}
      onClose={onClose}
      size={600}
      destroyOnHidden
      title={
        editingId
          ? t('classes:form.editTitle')
          : target?.classId === null && target.shortCourse
            ? t('classes:course.schedule')
            : t('classes:form.addTitle')
      }
      data-testid="class-drawer"
    >
      {target &&
        (loading ? (
          <LoadingState />
        ) : detail.isError ? (
          <Alert type="error" showIcon title={t('classes:form.loadFailed')} />
        ) : (
          <ClassForm target={target} detail={detail.data} onClose={onClose} />
        ))}
    </Drawer>
  );
}

function ClassForm({
  target,
  detail,
  onClose,
}: {
  target: ClassDrawerTarget;
  detail: ClassDetail | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateClass();
  const update = useUpdateClass();
  const centers = useCenters();
  const types = useClassTypeOptions();
  const editing = target.classId !== null;
  const inSeries = editing && Boolean(detail?.seriesId);
  const [scope, setScope] = useState<EditScope>('one');
  const [formError, setFormError] = useState<string[]>([]);
  // Sessions of a short course (new ones, or the one edited): the course runs them in-house at its
  // centre, its places and one credit of the course each, so mode, renter and credits are not asked.
  const course = target.classId === null ? (target.shortCourse ?? null) : null;
  const session = editing ? (detail?.shortCourse ?? null) : null;
  const ofCourse = Boolean(course || session);
  const centreToday = useCentreToday();
  const initial = initialValues(target, detail, centreToday(course?.centerId));
  const centerId = Form.useWatch('centerId', form) ?? initial.centerId;
  const repeats = Form.useWatch('repeats', form);
  const ends = Form.useWatch('ends', form);
  const mode = Form.useWatch('mode', form) ?? initial.mode;
  const renter = Form.useWatch('renterMemberId', form) ?? null;
  const durationMinutes = Form.useWatch('durationMinutes', form);
  const rental = mode === 'rental';
  const rooms = useRoomOptions(centerId);
  const teachers = useTeacherOptions(centerId);
  // A rental class may be taught by an outside teacher (a client user); an in-house one by staff only.
  const outsideTeachers = useOutsideTeacherOptions(rental);
  const renterHours = useRentalHoursLeft(rental ? (renter?.id ?? null) : null, centerId);
  const teacherOptions = [
    ...(teachers.data ?? []).filter((s) => s.role !== 'client').map((s) => ({ value: s.id, label: s.fullName })),
    ...(rental
      ? (outsideTeachers.data ?? []).map((s) => ({
          value: s.id,
          label: t('classes:rental.outsideTeacher', { name: s.fullName }),
        }))
      : []),
  ];
  const saving = create.isPending || update.isPending;

  // A new class at the tab's centre: its first centre when the tab has none.
  useEffect(() => {
    if (!editing && !form.getFieldValue('centerId') && centers.data?.[0])
      form.setFieldValue('centerId', centers.data[0].id);
  }, [editing, centers.data, form]);

  const roomPlaces = () => rooms.data?.find((r) => r.id === form.getFieldValue('roomId'))?.capacity;
  // A smaller room lowers the capacity to its places (the server does the same with a type's default).
  const onRoom = (roomId: string) => {
    const places = rooms.data?.find((r) => r.id === roomId)?.capacity;
    const capacity = form.getFieldValue('capacity');
    if (places !== undefined && typeof capacity === 'number' && capacity > places)
      form.setFieldValue('capacity', places);
  };
  const onType = (typeId: string) => {
    const type = types.data?.find((x) => x.id === typeId);
    if (!type) return;
    // The type's defaults fill what the planner has not set yet.
    for (const [field, value] of [
      ['durationMinutes', type.durationMinutes],
      // The type's capacity, but never more than the chosen room's places.
      ['capacity', Math.min(type.capacity, roomPlaces() ?? type.capacity)],
      ['credits', type.credits],
    ] as const) {
      if (!editing || form.getFieldValue(field) === null) form.setFieldValue(field, value);
    }
  };

  // A class has no more places than its room (the server refuses it too): said beside the capacity.
  const roomPlacesRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const room = rooms.data?.find((r) => r.id === getFieldValue('roomId'));
      if (room && typeof value === 'number' && value > room.capacity)
        throw new Error(t('classes:errors.capacity_over_room', { places: room.capacity }));
    },
  });

  const onFinish = (v: Values) => {
    setFormError([]);
    const onError = (error: unknown) => setFormError(placeClassErrors(form, error, t, FIELDS));
    const startTime = v.startTime ? v.startTime.format('HH:mm') : '';
    const date = v.date.format('YYYY-MM-DD');
    const optional = (n: number | null) => (n === null || n === undefined ? undefined : Number(n));
    if (!editing) {
      create.mutate(
        {
          centerId: v.centerId!,
          roomId: v.roomId!,
          teacherId: v.teacherId!,
          classTypeId: v.classTypeId!,
          date,
          startTime,
          durationMinutes: optional(v.durationMinutes),
          bookingOpensDaysBefore: optional(v.bookingOpensDaysBefore),
          bookingClosesMinutesBefore: optional(v.bookingClosesMinutesBefore),
          cancellationWindowMinutes: optional(v.cancellationWindowMinutes),
          ...(course
            ? { shortCourseId: course.id }
            : {
                capacity: optional(v.capacity),
                credits: optional(v.credits),
                mode: v.mode,
                ...(v.mode === 'rental' ? { renterMemberId: v.renterMemberId?.id ?? null, credits: undefined } : {}),
              }),
          notes: v.notes.trim() || null,
          ...(v.repeats
            ? {
                recurrence: {
                  weekdays: [...v.weekdays].sort(),
                  everyWeeks: Number(v.everyWeeks ?? 1),
                  ...(v.ends === 'until'
                    ? { until: v.until ? v.until.format('YYYY-MM-DD') : null, count: null }
                    : { count: Number(v.count), until: null }),
                  exceptions: [],
                },
              }
            : {}),
        },
        {
          onSuccess: (answer) => {
            void message.success(t('classes:form.created', { count: answer.created }));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    // An edit sends what changed only: with "all", an untouched field keeps each class's own value.
    const body: UpdateClassRequest = { scope: inSeries ? scope : 'one' };
    const changed = <K extends keyof Values>(key: K) => v[key] !== initial[key];
    if (changed('roomId')) body.roomId = v.roomId!;
    if (changed('teacherId')) body.teacherId = v.teacherId!;
    if (changed('classTypeId')) body.classTypeId = v.classTypeId!;
    if (date !== initial.date.format('YYYY-MM-DD')) body.date = date;
    if (startTime !== initial.startTime?.format('HH:mm')) body.startTime = startTime;
    for (const key of [
      'durationMinutes',
      'capacity',
      ...(session ? [] : (['credits'] as const)),
      'bookingOpensDaysBefore',
      'bookingClosesMinutesBefore',
      'cancellationWindowMinutes',
    ] as const) {
      if (v[key] !== null && Number(v[key]) !== initial[key]) body[key] = Number(v[key]);
    }
    // A course's session stays in-house: neither mode nor renter is sent.
    if (!session && v.mode !== initial.mode) body.mode = v.mode;
    if (!session && v.mode === 'rental' && v.renterMemberId?.id !== initial.renterMemberId?.id) {
      body.renterMemberId = v.renterMemberId?.id ?? null;
    }
    // A rental class is paid to its teacher: the server keeps its credits at 0.
    if (v.mode === 'rental') delete body.credits;
    if (v.notes.trim() !== initial.notes) body.notes = v.notes.trim() || null;
    update.mutate(
      { id: target.classId!, body },
      {
        onSuccess: (answer) => {
          void message.success(t('classes:form.updated', { count: answer.updated }));
          onClose();
        },
        onError,
      },
    );
  };

  const required = { required: true, message: t('classes:form.required') };
  return (
    <Form<Values>
      form={form}
      name="class"
      layout="vertical"
      requiredMark={false}
      disabled={saving}
      initialValues={initial}
      onFinish={onFinish}
    >
      {course && (
        <p className="class-form__course" data-testid="class-form-course">
          {t('classes:course.sessionOfLine', { name: course.name })}
        </p>
      )}
      {session && (
        <p className="class-form__course" data-testid="class-form-course">
          <CourseSessionText course={session} />
        </p>
      )}
      {inSeries && (
        <Form.Item label={t('classes:scope.editLabel')} extra={t(`classes:scope.help.${scope}`)}>
          <Radio.Group
            value={scope}
            onChange={(event) => setScope(event.target.value as EditScope)}
            options={(['one', 'following', 'all'] as const).map((s) => ({ value: s, label: t(`classes:scope.${s}`) }))}
            data-testid="class-scope"
          />
        </Form.Item>
      )}
      <div className="form-columns">
        <Form.Item label={t('classes:fields.center')} name="centerId" rules={[required]}>
          <Select
            disabled={editing || Boolean(course)}
            loading={centers.isPending}
            onChange={() => form.setFieldsValue({ roomId: null, teacherId: null })}
            options={(centers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
            data-testid="field-centerId"
          />
        </Form.Item>
        <Form.Item label={t('classes:fields.type')} name="classTypeId" rules={[required]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={types.isPending}
            onChange={onType}
            options={(types.data ?? [])
              .filter((x) => x.active || x.id === initial.classTypeId)
              .map((x) => ({ value: x.id, label: x.name }))}
            optionRender={(option) => {
              const type = types.data?.find((x) => x.id === option.value);
              return (
                <span>
                  {type && <TypeSwatch colour={type.colour} />}
                  {option.label}
                </span>
              );
            }}
            data-testid="field-classTypeId"
          />
        </Form.Item>
        <Form.Item
          label={repeats ? t('classes:form.firstDate') : t('classes:fields.date')}
          name="date"
          rules={[required]}
          extra={inSeries && scope !== 'one' ? t('classes:form.dateOnlyForOne') : undefined}
        >
          <DatePicker
            allowClear={false}
            className="full-width"
            disabled={inSeries && scope !== 'one'}
            data-testid="field-date"
          />
        </Form.Item>
        <Form.Item label={t('classes:fields.startTime')} name="startTime" rules={[required]}>
          <TimePicker
            format="HH:mm"
            minuteStep={5}
            needConfirm={false}
            className="full-width"
            data-testid="field-startTime"
          />
        </Form.Item>
        <Form.Item
          label={t('classes:fields.durationMinutes')}
          name="durationMinutes"
          rules={[required, wholeNumberRule(t, CLASS_LIMITS.durationMinutes)]}
        >
          <InputNumber precision={0} inputMode="numeric" className="full-width" data-testid="field-durationMinutes" />
        </Form.Item>
        <Form.Item label={t('classes:fields.mode')} name="mode" hidden={ofCourse}>
          <Radio.Group
            optionType="button"
            options={CLASS_MODES.map((m) => ({ value: m, label: t(`classes:modes.${m}`) }))}
            onChange={(event) => {
              // An outside teacher teaches rental classes only.
              if (event.target.value !== 'rental') {
                const teacherId = form.getFieldValue('teacherId');
                if (outsideTeachers.data?.some((x) => x.id === teacherId)) form.setFieldValue('teacherId', null);
                // Back in-house, members pay credits again: the type's, as the server takes them.
                const type = types.data?.find((x) => x.id === form.getFieldValue('classTypeId'));
                if (type && !form.getFieldValue('credits')) form.setFieldValue('credits', type.credits);
              }
            }}
            data-testid="field-mode"
          />
        </Form.Item>
        {rental && (
          <Form.Item
            label={t('classes:fields.renter')}
            name="renterMemberId"
            rules={[required]}
            extra={
              <span data-testid="renter-hours">
                {t('classes:rental.hoursPerClass', { count: rentalHoursOf(Number(durationMinutes) || 0) })}
                {renter && renterHours.hours !== null
                  ? ` · ${t('classes:rental.hoursLeft', { count: renterHours.hours })}`
                  : ''}
              </span>
            }
          >
            <MemberPicker testId="field-renterMemberId" />
          </Form.Item>
        )}
        <Form.Item label={t('classes:fields.room')} name="roomId" rules={[required]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={rooms.isPending}
            options={(rooms.data ?? []).map((r) => ({
              value: r.id,
              label: t('classes:form.roomOption', { name: r.name, capacity: r.capacity }),
            }))}
            onChange={onRoom}
            data-testid="field-roomId"
          />
        </Form.Item>
        <Form.Item label={t('classes:fields.teacher')} name="teacherId" rules={[required]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={teachers.isPending}
            options={teacherOptions}
            data-testid="field-teacherId"
          />
        </Form.Item>
        {!course && (
          <Form.Item
            label={t('classes:fields.capacity')}
            name="capacity"
            dependencies={['roomId']}
            rules={[required, wholeNumberRule(t, CLASS_LIMITS.capacity), roomPlacesRule]}
          >
            <InputNumber precision={0} inputMode="numeric" className="full-width" data-testid="field-capacity" />
          </Form.Item>
        )}
        {ofCourse ? null : rental ? (
          <p className="class-form__rental-help" data-testid="rental-help">
            {t('classes:rental.help')}
          </p>
        ) : (
          <Form.Item
            label={t('classes:fields.credits')}
            name="credits"
            rules={[required, wholeNumberRule(t, CLASS_LIMITS.credits)]}
            extra={t('classes:form.creditsHelp')}
          >
            <InputNumber precision={0} inputMode="numeric" className="full-width" data-testid="field-credits" />
          </Form.Item>
        )}
      </div>
      <fieldset className="class-form__group">
        <legend>{t('classes:form.bookingRules')}</legend>
        <div className="form-columns">
          <Form.Item
            label={t('classes:fields.bookingOpensDaysBefore')}
            name="bookingOpensDaysBefore"
            rules={[wholeNumberRule(t, CLASS_LIMITS.bookingOpensDaysBefore)]}
          >
            <InputNumber precision={0} inputMode="numeric" className="full-width" />
          </Form.Item>
          <Form.Item
            label={t('classes:fields.bookingClosesMinutesBefore')}
            name="bookingClosesMinutesBefore"
            rules={[wholeNumberRule(t, CLASS_LIMITS.bookingClosesMinutesBefore)]}
          >
            <InputNumber precision={0} inputMode="numeric" className="full-width" />
          </Form.Item>
          <Form.Item
            label={t('classes:fields.cancellationWindowMinutes')}
            name="cancellationWindowMinutes"
            rules={[wholeNumberRule(t, CLASS_LIMITS.cancellationWindowMinutes)]}
            extra={t('classes:form.cancellationHelp')}
          >
            <InputNumber precision={0} inputMode="numeric" className="full-width" />
          </Form.Item>
        </div>
      </fieldset>
      {!editing && (
        <fieldset className="class-form__group">
          <legend>{t('classes:form.repeat')}</legend>
          <Form.Item name="repeats" valuePropName="checked">
            <Checkbox data-testid="field-repeats">{t('classes:form.repeats')}</Checkbox>
          </Form.Item>
          {repeats && (
            <>
              <Form.Item
                label={t('classes:form.weekdays')}
                name="weekdays"
                rules={[{ type: 'array', min: 1, message: t('classes:form.weekdaysRequired') }]}
              >
                <Checkbox.Group
                  options={WEEKDAYS.map((d) => ({ value: d, label: t(`classes:weekdays.${d}`) }))}
                  data-testid="field-weekdays"
                />
              </Form.Item>
              <Form.Item
                label={t('classes:form.everyWeeks')}
                name="everyWeeks"
                rules={[required, wholeNumberRule(t, CLASS_LIMITS.everyWeeks)]}
              >
                <InputNumber precision={0} inputMode="numeric" style={{ width: 120 }} data-testid="field-everyWeeks" />
              </Form.Item>
              <Form.Item label={t('classes:form.ends')} name="ends">
                <Radio.Group
                  options={[
                    { value: 'count', label: t('classes:form.endsCount') },
                    { value: 'until', label: t('classes:form.endsUntil') },
                  ]}
                  data-testid="field-ends"
                />
              </Form.Item>
              {ends === 'until' ? (
                <Form.Item label={t('classes:form.until')} name="until" rules={[required]}>
                  <DatePicker data-testid="field-until" />
                </Form.Item>
              ) : (
                <Form.Item
                  label={t('classes:form.count')}
                  name="count"
                  rules={[
                    required,
                    wholeNumberRule(t, course ? { min: 1, max: Math.max(1, course.sessionsLeft) } : CLASS_LIMITS.count),
                  ]}
                  extra={course ? t('classes:course.sessionsLeft', { count: course.sessionsLeft }) : undefined}
                >
                  <InputNumber precision={0} inputMode="numeric" style={{ width: 120 }} data-testid="field-count" />
                </Form.Item>
              )}
            </>
          )}
        </fieldset>
      )}
      <Form.Item label={t('classes:fields.notes')} name="notes">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={1000} />
      </Form.Item>
      {formError.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={formError.join(' ')}
          data-testid="class-form-error"
          className="class-form__error"
        />
      )}
      <Space>
        <Button onClick={onClose} disabled={false}>
          {t('classes:cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="class-submit">
          {editing ? t('classes:form.save') : t('classes:form.create')}
        </Button>
      </Space>
    </Form>
  );
}
