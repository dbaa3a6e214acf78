/** Fields of the class form: a class's booking rules, a series' repeat. */
import { CLASS_LIMITS } from '@gym/contract/classes';
import { Checkbox, DatePicker, Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { WholeNumberItem } from './ClassParts';
import { type SessionsOfCourse, WEEKDAYS } from './classForm';

/** When members may book a class and cancel without losing their credit. */
export function BookingRulesFields() {
  const { t } = useTranslation();
  return (
    <fieldset className="class-form__group">
      <legend>{t('classes:form.bookingRules')}</legend>
      <div className="form-columns">
        <WholeNumberItem name="bookingOpensDaysBefore" />
        <WholeNumberItem name="bookingClosesMinutesBefore" />
        <WholeNumberItem name="cancellationWindowMinutes" extra={t('classes:form.cancellationHelp')} />
      </div>
    </fieldset>
  );
}

/**
 * A new class repeated: on which weekdays, every how many weeks, until a date or for a count (for a
 * short course's sessions, at most the sessions it has left).
 */
export function RepeatFields({
  repeats,
  ends,
  course,
}: {
  repeats: boolean;
  ends: 'until' | 'count';
  course: SessionsOfCourse | null;
}) {
  const { t } = useTranslation();
  const required = { required: true, message: t('classes:form.required') };
  return (
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
          <WholeNumberItem label={t('classes:form.everyWeeks')} name="everyWeeks" required narrow />
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
            <WholeNumberItem
              label={t('classes:form.count')}
              name="count"
              required
              limits={course ? { min: 1, max: Math.max(1, course.sessionsLeft) } : CLASS_LIMITS.count}
              extra={course ? t('classes:course.sessionsLeft', { count: course.sessionsLeft }) : undefined}
              narrow
            />
          )}
        </>
      )}
    </fieldset>
  );
}
