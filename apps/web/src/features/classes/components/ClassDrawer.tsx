import { CLASS_MODES, type EditScope, rentalHoursOf } from '@gym/contract/classes';
import { Alert, App, Button, DatePicker, Drawer, Form, Input, Radio, Select, Space, TimePicker } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCenters } from '../../../shared/centers';
import { useCentreToday } from '../../../shared/today';
import { LoadingState } from '../../../shared/ui/ScreenStates';
import { StackedForm } from '../../../shared/ui/StackedForm';
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
import { placeClassErrors } from '../classErrors';
import { BookingRulesFields, RepeatFields } from './ClassFormFields';
import { CourseSessionText, typeOptionRender, WholeNumberItem } from './ClassParts';
import { type ClassDrawerTarget, createRequest, FIELDS, initialValues, updateRequest, type Values } from './classForm';
import { MemberPicker } from './MemberPicker';

export type { ClassDrawerTarget, SessionsOfCourse } from './classForm';

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
    if (!editing) {
      create.mutate(createRequest(v, course), {
        onSuccess: (answer) => {
          void message.success(t('classes:form.created', { count: answer.created }));
          onClose();
        },
        onError,
      });
      return;
    }
    update.mutate(
      { id: target.classId!, body: updateRequest(v, initial, inSeries ? scope : 'one', Boolean(session)) },
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
    <StackedForm<Values> form={form} name="class" disabled={saving} initialValues={initial} onFinish={onFinish}>
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
            optionRender={typeOptionRender(types.data)}
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
        <WholeNumberItem name="durationMinutes" required />
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
        {!course && <WholeNumberItem name="capacity" dependencies={['roomId']} required rules={[roomPlacesRule]} />}
        {ofCourse ? null : rental ? (
          <p className="class-form__rental-help" data-testid="rental-help">
            {t('classes:rental.help')}
          </p>
        ) : (
          <WholeNumberItem name="credits" required extra={t('classes:form.creditsHelp')} />
        )}
      </div>
      <BookingRulesFields />
      {!editing && <RepeatFields repeats={Boolean(repeats)} ends={ends ?? 'count'} course={course} />}
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
    </StackedForm>
  );
}
