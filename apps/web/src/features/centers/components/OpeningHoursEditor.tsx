import { Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../shared/api/errorMessages';
import { formatTimeOfDay, quarterHours } from '../../../shared/timeOfDay';
import { WEEK_ORDER, weekdayName } from '../timeZones';

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Seven rows (Monday first), each with a "closed" box and opening and closing times. A row whose
 * closing time is not after its opening time says so beside that row. Lives inside the centre form
 * under `openingHours`, whose entries are kept in the data's order (0 = Sunday).
 */
export function OpeningHoursEditor({ disabled }: { disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const form = Form.useFormInstance();

  return (
    <fieldset className="opening-hours" data-testid="opening-hours">
      <legend className="opening-hours__legend">{t('centers:fields.openingHours')}</legend>
      <Form.List name="openingHours">
        {(fields) => {
          const byDay = new Map<number, number>();
          fields.forEach((field) => {
            const day = form.getFieldValue(['openingHours', field.name, 'day']) as number | undefined;
            if (day !== undefined) byDay.set(day, field.name);
          });
          return WEEK_ORDER.map((day) => {
            const index = byDay.get(day);
            if (index === undefined) return null;
            const name = weekdayName(day, language);
            return (
              <div className="opening-hours__row" key={day} data-testid={`opening-day-${day}`}>
                <span className="opening-hours__day" id={`opening-day-${day}-label`}>
                  {name}
                </span>
                <Form.Item name={[index, 'closed']} valuePropName="checked" noStyle>
                  <Checkbox disabled={disabled} aria-label={t('centers:hours.closedOn', { day: name })}>
                    {t('centers:hours.closed')}
                  </Checkbox>
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {({ getFieldValue }) => {
                    const closed = Boolean(getFieldValue(['openingHours', index, 'closed']));
                    const timeRules = closed
                      ? []
                      : [requiredRule(t), { pattern: TIME_PATTERN, message: t('errors:validation.time_format') }];
                    return (
                      <div className="opening-hours__times">
                        <Form.Item name={[index, 'open']} rules={timeRules} className="opening-hours__time">
                          <TimeOfDaySelect
                            disabled={disabled || closed}
                            ariaLabel={t('centers:hours.opensOn', { day: name })}
                          />
                        </Form.Item>
                        <span aria-hidden="true">–</span>
                        <Form.Item
                          name={[index, 'close']}
                          className="opening-hours__time"
                          dependencies={[
                            ['openingHours', index, 'open'],
                            ['openingHours', index, 'closed'],
                          ]}
                          rules={[
                            ...timeRules,
                            {
                              validator: async (_rule, value: string | undefined) => {
                                const open = getFieldValue(['openingHours', index, 'open']) as string | undefined;
                                if (closed || !value || !open) return;
                                if (TIME_PATTERN.test(open) && TIME_PATTERN.test(value) && value <= open) {
                                  throw new Error(t('errors:validation.close_after_open'));
                                }
                              },
                            },
                          ]}
                        >
                          <TimeOfDaySelect
                            disabled={disabled || closed}
                            ariaLabel={t('centers:hours.closesOn', { day: name })}
                          />
                        </Form.Item>
                      </div>
                    );
                  }}
                </Form.Item>
              </div>
            );
          });
        }}
      </Form.List>
    </fieldset>
  );
}

/** A time of day ("HH:MM") picked from quarter hours, shown as the UI language writes times. */
function TimeOfDaySelect({
  value,
  onChange,
  disabled,
  ariaLabel,
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  ariaLabel: string;
}) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Select
      showSearch
      value={value || undefined}
      onChange={onChange}
      disabled={disabled}
      aria-label={ariaLabel}
      options={quarterHours(value).map((time) => ({ value: time, label: formatTimeOfDay(time, language) }))}
      popupMatchSelectWidth={false}
    />
  );
}
