import './catalogue.css';
import { CalendarOutlined, PlusOutlined } from '@ant-design/icons';
import { SHORT_COURSE_SORTS, shortCourseFieldsSchema } from '@gym/contract/catalogue';
import { App, Button, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { type ListColumn, ListTable } from '../../shared/ui/ListTable';
import { RowAction } from '../../shared/ui/RowAction';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { CourseSessionsDrawer } from '../classes/components/CourseSessionsDrawer';
import { type ShortCourse, useSaveShortCourse, useShortCourseList } from './api';
import { actionsColumn, activeColumn, useConfirmActive } from './components/columns';
import { LIMITS, PriceItem, requiredMessage, TaxRateItem, wholeNumberRule } from './components/fields';
import { ItemDrawer } from './components/ItemDrawer';
import { CenterFilter, StatusFilter, UUID } from './components/ListFilters';
import { useFormatDay } from './format';
import { showCatalogueErrors } from './formErrors';
import { useFormatMoney } from './money';
import { basisPointsToPercent } from './taxRate';

type Sort = (typeof SHORT_COURSE_SORTS)[number];
type Filter = 'status' | 'centerId';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: SHORT_COURSE_SORTS,
  defaultSort: 'name',
  filters: { status: ['active', 'inactive'], centerId: (v) => UUID.test(v) },
};

interface CourseValues {
  centerId: string | undefined;
  name: string;
  description: string;
  sessions: number | null;
  capacity: number | null;
  startsOn: Dayjs | null;
  price: number | null;
  taxRateBp: number | null;
}
const FIELDS = ['centerId', 'name', 'description', 'sessions', 'capacity', 'startsOn', 'price', 'taxRateBp'] as const;
const { shape } = shortCourseFieldsSchema;

export function CourseDrawer({
  editing,
  defaultCenterId,
  onClose,
}: {
  editing: { course: ShortCourse | null } | null;
  defaultCenterId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CourseValues>();
  const save = useSaveShortCourse();
  const centers = useCenters();
  const course = editing?.course ?? null;

  return (
    <ItemDrawer
      open={Boolean(editing)}
      title={course ? t('catalogue:courses.editTitle', { name: course.name }) : t('catalogue:courses.addTitle')}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={() => form.submit()}
    >
      <Form<CourseValues>
        form={form}
        name="short_course"
        layout="vertical"
        requiredMark={false}
        disabled={save.isPending}
        initialValues={
          course
            ? {
                centerId: course.center.id,
                name: course.name,
                description: course.description ?? '',
                sessions: course.sessions,
                capacity: course.capacity,
                startsOn: course.startsOn ? dayjs(course.startsOn) : null,
                price: course.price,
                taxRateBp: course.taxRateBp,
              }
            : {
                centerId: defaultCenterId ?? undefined,
                name: '',
                description: '',
                sessions: null,
                capacity: null,
                startsOn: null,
                price: null,
                taxRateBp: 0,
              }
        }
        onFinish={(v) => {
          const common = {
            name: v.name.trim(),
            description: v.description.trim() || null,
            sessions: Number(v.sessions),
            capacity: Number(v.capacity),
            startsOn: v.startsOn ? v.startsOn.format('YYYY-MM-DD') : null,
            price: Number(v.price),
            taxRateBp: Number(v.taxRateBp),
          };
          save.mutate(
            { id: course?.id ?? null, body: course ? common : { ...common, centerId: v.centerId! } },
            {
              onSuccess: () => {
                void message.success(t('catalogue:saved'));
                onClose();
              },
              onError: (error) => {
                if (!showCatalogueErrors(form, error, t, FIELDS)) void message.error(apiErrorMessage(t, error));
              },
            },
          );
        }}
      >
        <Form.Item
          label={t('catalogue:fields.center')}
          name="centerId"
          extra={course ? t('catalogue:courses.centerFixed') : undefined}
          rules={[requiredMessage(t)]}
        >
          <Select
            disabled={Boolean(course)}
            loading={centers.isPending}
            options={centers.data?.map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
            data-testid="field-centerId"
          />
        </Form.Item>
        <Form.Item label={t('catalogue:fields.name')} name="name" rules={[requiredRule(t), schemaRule(shape.name, t)]}>
          <Input maxLength={80} autoComplete="off" data-testid="field-name" />
        </Form.Item>
        <Form.Item
          label={t('catalogue:fields.sessions')}
          name="sessions"
          rules={[requiredMessage(t), wholeNumberRule(t, LIMITS.sessions)]}
        >
          <InputNumber precision={0} inputMode="numeric" style={{ width: 140 }} data-testid="field-sessions" />
        </Form.Item>
        <Form.Item
          label={t('catalogue:fields.capacity')}
          name="capacity"
          rules={[requiredMessage(t), wholeNumberRule(t, LIMITS.capacity)]}
        >
          <InputNumber precision={0} inputMode="numeric" style={{ width: 140 }} data-testid="field-capacity" />
        </Form.Item>
        <Form.Item label={t('catalogue:fields.startsOn')} name="startsOn" extra={t('catalogue:courses.startsOnHelp')}>
          <DatePicker style={{ width: 220 }} />
        </Form.Item>
        <PriceItem />
        <TaxRateItem />
        <Form.Item
          label={t('catalogue:fields.description')}
          name="description"
          rules={[schemaRule(shape.description, t)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </ItemDrawer>
  );
}

/** The course whose sessions are open (`?sessions=<id>`): back and reload keep the drawer. */
const SESSIONS = 'sessions';

/**
 * `/short-course-list`: fixed series of sessions sold as one item, per centre, with how many of its
 * sessions are scheduled and how many members are enrolled; "Sessions" opens its sessions and
 * attendance (`?sessions=<id>`).
 */
export default function ShortCourseListPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const list = useListParams(LIST);
  const courses = useShortCourseList(list.query);
  const save = useSaveShortCourse();
  const money = useFormatMoney();
  const currentCenterId = useCenterId();
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const [editing, setEditing] = useState<{ course: ShortCourse | null } | null>(null);
  const confirmActive = useConfirmActive<ShortCourse>(t, save);
  const canCreate = ability.can('create', 'Catalogue');
  const canUpdate = ability.can('update', 'Catalogue');
  const formatDay = useFormatDay();
  const canReadClasses = ability.can('read', 'Class');
  const [search, setSearch] = useSearchParams();
  const sessionsOf = search.get(SESSIONS);
  const openSessions = (id: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(SESSIONS, id);
        else next.delete(SESSIONS);
        return next;
      },
      { replace: !id },
    );

  const columns: ListColumn<ShortCourse>[] = [
    { key: 'name', title: t('catalogue:fields.name'), dataIndex: 'name', sortable: true, maxWidth: 160 },
    {
      key: 'center',
      title: t('catalogue:fields.center'),
      sortable: true,
      show: 'desktop',
      maxWidth: 120,
      render: (_: unknown, c: ShortCourse) => `${c.center.name} (${c.center.code})`,
    },
    {
      // Sorted by the sessions the course sells; shows how many of them are scheduled.
      key: 'sessions',
      title: t('catalogue:courses.scheduled'),
      align: 'right',
      sortable: true,
      show: 'tablet',
      render: (_: unknown, c: ShortCourse) => (
        <span data-testid="course-scheduled-count">
          {numbers.format(c.scheduled)} / {numbers.format(c.sessions)}
        </span>
      ),
    },
    {
      key: 'enrolled',
      title: t('catalogue:courses.enrolled'),
      align: 'right',
      show: 'tablet',
      render: (_: unknown, c: ShortCourse) => (
        <span data-testid="course-enrolled-count">
          {numbers.format(c.enrolled)} / {numbers.format(c.capacity)}
        </span>
      ),
    },
    {
      key: 'startsOn',
      title: t('catalogue:fields.startsOn'),
      sortable: true,
      show: 'desktop',
      render: (_: unknown, c: ShortCourse) => formatDay(c.startsOn),
    },
    {
      key: 'price',
      title: t('catalogue:fields.price'),
      align: 'right',
      sortable: true,
      render: (_: unknown, c: ShortCourse) => money(c.price),
    },
    {
      key: 'taxRate',
      title: t('catalogue:fields.taxRate'),
      // Kept for those who ask ("Columns"): the price is what the desk quotes.
      defaultHidden: true,
      align: 'right',
      show: 'desktop',
      render: (_: unknown, c: ShortCourse) => `${basisPointsToPercent(c.taxRateBp)} %`,
    },
    // On a tablet in portrait the course's counts come first: its centre and whether it is on sale are in the row's details.
    { ...activeColumn<ShortCourse>(t), show: 'desktop' },
    ...(canUpdate || canReadClasses
      ? [
          actionsColumn<ShortCourse>(t, {
            ...(canUpdate ? { onEdit: (course: ShortCourse) => setEditing({ course }), onToggle: confirmActive } : {}),
            before: (course) =>
              canReadClasses && (
                <RowAction
                  icon={<CalendarOutlined />}
                  onClick={() => openSessions(course.id)}
                  label={t('catalogue:courses.sessions')}
                  ariaLabel={t('catalogue:courses.sessionsAria', { name: course.name })}
                  data-testid="course-sessions-open"
                />
              ),
          }),
        ]
      : []),
  ];

  return (
    <div className="screen" data-testid="screen-short-course-list">
      <ListTable<ShortCourse, Sort, Filter>
        list={list}
        sorts={SHORT_COURSE_SORTS}
        result={courses}
        columns={columns}
        rowKey={(row) => row.id}
        testId="short-course-table"
        texts={{
          empty: t('catalogue:courses.empty'),
          noMatch: t('catalogue:noMatch'),
          total: (count) => t('catalogue:courses.total', { count }),
        }}
        search={{
          id: 'short-course-keyword',
          label: t('catalogue:courses.searchLabel'),
          placeholder: t('catalogue:searchPlaceholder'),
        }}
        exportTo={{ path: '/pro/short-courses/export', fileName: 'short-courses' }}
        filters={
          <>
            <StatusFilter list={list} />
            <CenterFilter list={list} />
          </>
        }
        actions={
          canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ course: null })}
              data-testid="item-add"
            >
              {t('catalogue:courses.add')}
            </Button>
          )
        }
      />
      {canReadClasses && (
        <CourseSessionsDrawer
          courseId={sessionsOf && UUID.test(sessionsOf) ? sessionsOf : null}
          onClose={() => openSessions(null)}
        />
      )}
      <CourseDrawer
        editing={editing}
        defaultCenterId={list.filters.centerId ?? currentCenterId}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
