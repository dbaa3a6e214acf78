import './catalogue.css';
import { CalendarOutlined } from '@ant-design/icons';
import { SHORT_COURSE_SORTS, shortCourseFieldsSchema } from '@gym/contract/catalogue';
import { DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import type { ListColumn } from '../../shared/ui/ListTable';
import { RowAction } from '../../shared/ui/RowAction';
import { type Editing, type ListParamsConfig, useItemList, useSearchParam } from '../../shared/useListParams';
import { CourseSessionsDrawer } from '../classes/components/CourseSessionsDrawer';
import { type ShortCourse, useSaveShortCourse, useShortCourseList } from './api';
import { CatalogueDrawer, CatalogueListScreen } from './components/CatalogueList';
import { actionsColumn, activeColumn, priceColumn, taxRateColumn, useConfirmActive } from './components/columns';
import {
  DescriptionItem,
  LIMITS,
  NameItem,
  PriceItem,
  requiredMessage,
  TaxRateItem,
  WholeNumberItem,
} from './components/fields';
import { UUID } from './components/ListFilters';
import { useFormatDay } from './format';
import { useFormatMoney } from './money';

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
  editing: Editing<ShortCourse> | null;
  defaultCenterId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CourseValues>();
  const centers = useCenters();
  const course = editing?.item ?? null;

  return (
    <CatalogueDrawer
      kind="courses"
      editing={editing}
      onClose={onClose}
      save={useSaveShortCourse()}
      fields={FIELDS}
      form={form}
      name="short_course"
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
      toBody={(v) => {
        const common = {
          name: v.name.trim(),
          description: v.description.trim() || null,
          sessions: Number(v.sessions),
          capacity: Number(v.capacity),
          startsOn: v.startsOn ? v.startsOn.format('YYYY-MM-DD') : null,
          price: Number(v.price),
          taxRateBp: Number(v.taxRateBp),
        };
        return course ? common : { ...common, centerId: v.centerId! };
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
      <NameItem schema={shape.name} />
      <WholeNumberItem name="sessions" label={t('catalogue:fields.sessions')} limit={LIMITS.sessions} />
      <WholeNumberItem name="capacity" label={t('catalogue:fields.capacity')} limit={LIMITS.capacity} />
      <Form.Item label={t('catalogue:fields.startsOn')} name="startsOn" extra={t('catalogue:courses.startsOnHelp')}>
        <DatePicker style={{ width: 220 }} />
      </Form.Item>
      <PriceItem />
      <TaxRateItem />
      <DescriptionItem schema={shape.description} />
    </CatalogueDrawer>
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
  const items = useItemList(LIST, useShortCourseList, 'Catalogue');
  const { list, edit, canUpdate } = items;
  const save = useSaveShortCourse();
  const money = useFormatMoney();
  const currentCenterId = useCenterId();
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const ratio = (part: number, whole: number, testId: string) => (
    <span data-testid={testId}>
      {numbers.format(part)} / {numbers.format(whole)}
    </span>
  );
  const confirmActive = useConfirmActive<ShortCourse>(t, save);
  const formatDay = useFormatDay();
  const canReadClasses = ability.can('read', 'Class');
  const [sessionsOf, openSessions] = useSearchParam(SESSIONS);

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
      render: (_: unknown, c: ShortCourse) => ratio(c.scheduled, c.sessions, 'course-scheduled-count'),
    },
    {
      key: 'enrolled',
      title: t('catalogue:courses.enrolled'),
      align: 'right',
      show: 'tablet',
      render: (_: unknown, c: ShortCourse) => ratio(c.enrolled, c.capacity, 'course-enrolled-count'),
    },
    {
      key: 'startsOn',
      title: t('catalogue:fields.startsOn'),
      sortable: true,
      show: 'desktop',
      render: (_: unknown, c: ShortCourse) => formatDay(c.startsOn),
    },
    priceColumn<ShortCourse>(t, money),
    taxRateColumn<ShortCourse>(t),
    // On a tablet in portrait the course's counts come first: its centre and whether it is on sale are in the row's details.
    { ...activeColumn<ShortCourse>(t), show: 'desktop' },
    ...(canUpdate || canReadClasses
      ? [
          actionsColumn<ShortCourse>(t, {
            ...(canUpdate ? { onEdit: (course: ShortCourse) => edit(course), onToggle: confirmActive } : {}),
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
    <CatalogueListScreen<ShortCourse, Sort, Filter>
      kind="courses"
      name="short-course"
      items={items}
      columns={columns}
      exportTo={{ path: '/pro/short-courses/export', fileName: 'short-courses' }}
    >
      {canReadClasses && (
        <CourseSessionsDrawer
          courseId={sessionsOf && UUID.test(sessionsOf) ? sessionsOf : null}
          onClose={() => openSessions(null)}
        />
      )}
      <CourseDrawer {...items.drawer} defaultCenterId={list.filters.centerId ?? currentCenterId} />
    </CatalogueListScreen>
  );
}
