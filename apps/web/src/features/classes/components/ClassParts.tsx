import '../classes.css';
/**
 * What the class screens show of one class: its type's colour, its times, its places taken; and the
 * whole-number field of the class and class type forms.
 */
import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  ExclamationCircleOutlined,
  HourglassOutlined,
  MinusCircleOutlined,
  ReadOutlined,
} from '@ant-design/icons';
import { type BookingStatus, CLASS_LIMITS } from '@gym/contract/classes';
import { Form, type FormRule, InputNumber, Progress, Tag } from 'antd';
import type { ComponentType, CSSProperties, ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWeekdayDate } from '../../../shared/dates';
import type { ClassListItem } from '../api';
import { wholeNumberRule } from '../classErrors';
import { fillTone } from '../places';

/** The class type's colour as a small square beside its name (the name says it; the colour helps the eye). */
export function TypeSwatch({ colour }: { colour: string }) {
  return <span className="class-swatch" style={{ background: colour }} aria-hidden="true" />;
}

const BAR_COLOURS = { open: '#2e7d32', nearly: '#b26a00', full: '#b3261e' } as const;

/** "12 / 20" with a bar, and the waitlist when there is one. */
export function PlacesCell({ item }: { item: Pick<ClassListItem, 'booked' | 'capacity' | 'waitlisted' | 'status'> }) {
  const { t } = useTranslation();
  const tone = fillTone(item.booked, item.capacity);
  const percent = item.capacity > 0 ? Math.min(100, Math.round((item.booked / item.capacity) * 100)) : 100;
  return (
    <div className="class-places" data-testid="class-places" data-tone={tone}>
      <div className="class-places__numbers">
        <span className="class-places__count" data-testid="class-booked">
          <span aria-hidden="true">
            {item.booked} / {item.capacity}
          </span>
          <span className="sr-only">{t('classes:places.aria', { booked: item.booked, capacity: item.capacity })}</span>
        </span>
        {item.waitlisted > 0 && (
          <Tag className="class-places__waitlist" color="#5d596c" data-testid="class-waitlisted">
            {t('classes:places.waitlisted', { count: item.waitlisted })}
          </Tag>
        )}
      </div>
      <Progress
        percent={percent}
        showInfo={false}
        size="small"
        strokeColor={item.status === 'cancelled' ? '#9e9e9e' : BAR_COLOURS[tone]}
        aria-hidden="true"
      />
    </div>
  );
}

/** Solid colours dark enough for white text (WCAG AA). */
const BOOKING_COLOURS: Record<BookingStatus, string> = {
  booked: '#1565c0',
  waitlisted: '#5d596c',
  attended: '#2e7d32',
  cancelled: '#5d596c',
  late_cancelled: '#8a4b00',
  no_show: '#b3261e',
};

export function BookingStatusTag({
  status,
  position,
  trial = false,
}: {
  status: BookingStatus;
  position?: number | null;
  /** A prospect's free trial class: said beside the status. */
  trial?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={BOOKING_COLOURS[status]} data-testid="booking-status" data-status={status}>
        {status === 'waitlisted' && position
          ? t('classes:bookingStatus.waitlistedAt', { position })
          : t(`classes:bookingStatus.${status}`)}
      </Tag>
      {trial && (
        <Tag color="purple" data-testid="booking-trial">
          {t('classes:bookingStatus.trial')}
        </Tag>
      )}
    </>
  );
}

/** A status as a small coloured icon (the matrix of a short course's attendance): its words go in the cell's label. */
const BOOKING_ICONS: Record<BookingStatus, ComponentType<{ style?: CSSProperties; 'aria-hidden'?: boolean }>> = {
  booked: ClockCircleOutlined,
  waitlisted: HourglassOutlined,
  attended: CheckCircleFilled,
  cancelled: MinusCircleOutlined,
  late_cancelled: ExclamationCircleOutlined,
  no_show: CloseCircleFilled,
};

export function BookingStatusIcon({ status }: { status: BookingStatus }) {
  const Icon = BOOKING_ICONS[status];
  return <Icon style={{ color: BOOKING_COLOURS[status], fontSize: 18 }} aria-hidden />;
}

/** "Beginner swim (8 weeks) · session 3 of 8": the short course a class is a session of. */
export function CourseSessionText({ course }: { course: { name: string; number: number; sessions: number } }) {
  const { t } = useTranslation();
  return (
    <>
      <ReadOutlined aria-hidden className="class-course__icon" />
      {t('classes:course.sessionOf', { name: course.name, number: course.number, sessions: course.sessions })}
    </>
  );
}

/** A class's business date as a short day (`Thu 27/11`), in the screen's language (`shared/dates.ts`). */
export function useClassDay(): (date: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => (date: string) => formatWeekdayDate(language, date), [language]);
}

/** A class type's option in a select: its colour beside its name. */
export function typeOptionRender(types: readonly { id: string; colour: string }[] | undefined) {
  return (option: { value?: unknown; label?: ReactNode }) => {
    const type = types?.find((x) => x.id === option.value);
    return (
      <span>
        {type && <TypeSwatch colour={type.colour} />}
        {option.label}
      </span>
    );
  };
}

type NumberField =
  | 'durationMinutes'
  | 'capacity'
  | 'credits'
  | 'bookingOpensDaysBefore'
  | 'bookingClosesMinutesBefore'
  | 'cancellationWindowMinutes'
  | 'everyWeeks'
  | 'count';

interface WholeNumberProps {
  name: NumberField;
  /** The field's name in the classes namespace's "fields" unless given. */
  label?: string;
  /** The class rules' limits of the field unless given. */
  limits?: { min: number; max: number };
  required?: boolean;
  /** Rules after the limits (another field's bound). */
  rules?: FormRule[];
  dependencies?: string[];
  extra?: ReactNode;
  /** A narrow field (a count) instead of the column's width. */
  narrow?: boolean;
}

/** A whole number of a class or class type within its limits (a length, places, credits, a count). */
export function WholeNumberItem({
  name,
  label,
  limits = CLASS_LIMITS[name],
  required,
  rules = [],
  dependencies,
  extra,
  narrow,
}: WholeNumberProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={label ?? t(`classes:fields.${name}`)}
      name={name}
      {...(dependencies ? { dependencies } : {})}
      rules={[
        ...(required ? [{ required: true, message: t('classes:form.required') }] : []),
        wholeNumberRule(t, limits),
        ...rules,
      ]}
      extra={extra}
    >
      <InputNumber
        precision={0}
        inputMode="numeric"
        {...(narrow ? { style: { width: 120 } } : { className: 'full-width' })}
        data-testid={`field-${name}`}
      />
    </Form.Item>
  );
}
