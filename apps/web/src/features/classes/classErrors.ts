/**
 * The server's refusals of a class or a booking in the screen's language. The contract's rule codes
 * (`class_full`, `no_credit`, `booking_closed`, `until_or_count`, a conflict...) are translated in the
 * `classes` namespace; others fall back to the shared field and error messages.
 */
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage, fieldErrorMessage } from '../../shared/api/errorMessages';

/** A field's refusal in words; `details` fill its numbers (a rental class's hours `needed` and `left`). */
export function classFieldMessage(t: TFunction, code: string, details?: Record<string, unknown>): string {
  return t(`classes:errors.${code}`, { ...details, defaultValue: fieldErrorMessage(t, code) });
}

/** What a refusal says, in one sentence (its rule's own words when it names one). */
export function classErrorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.fields?.length) {
    const known = error.fields.find((f) => t(`classes:errors.${f.code}`, { defaultValue: '' }));
    if (known) {
      const other =
        typeof error.details?.conflict === 'object'
          ? (error.details.conflict as { name?: string; kind?: string; date?: string; startTime?: string })
          : null;
      // A PT session holds the teacher or the room (not a class): said in words of its own.
      if (other?.kind === 'pt_session' && (known.code === 'teacher_busy' || known.code === 'room_busy')) {
        return t(`classes:errors.${known.code}_pt`, { date: other.date ?? '', time: other.startTime ?? '' });
      }
      // `details` fill a rule's numbers (a course's `sessions` and `scheduled`, a renter's hours).
      return t(`classes:errors.${known.code}`, { ...error.details, name: other?.name ?? '' });
    }
    if (error.status === 400) return classFieldMessage(t, error.fields[0]!.code);
  }
  if (isApiError(error)) {
    const code = t(`classes:errors.${error.error}`, { defaultValue: '' });
    if (code) return code;
  }
  return apiErrorMessage(t, error);
}

/**
 * Puts the server's field errors beside this form's fields; answers the messages left for the form
 * itself (a rule of the class as a whole, or a field the form does not show).
 */
export function placeClassErrors(
  form: FormInstance,
  error: unknown,
  t: TFunction,
  fields: readonly string[],
): string[] {
  if (!isApiError(error) || !error.fields?.length) return [classErrorMessage(t, error)];
  const marked = new Map<string, string[]>();
  const rest: string[] = [];
  for (const field of error.fields) {
    // `recurrence.until` is shown beside `until`; `capacity` beside itself.
    const parts = field.path.split('.');
    const name = [...parts].reverse().find((part) => fields.includes(part)) ?? parts[0] ?? field.path;
    const message = classFieldMessage(t, field.code, error.details);
    if (fields.includes(name)) marked.set(name, [...(marked.get(name) ?? []), message]);
    else rest.push(message);
  }
  form.setFields([...marked].map(([name, errors]) => ({ name, errors })));
  const first = [...marked.keys()][0];
  if (first) form.scrollToField(first, { block: 'center', focus: true });
  return rest;
}

/** A whole number within `limits`, explained with the range (no min/max on the input: it would change the value silently). */
export function wholeNumberRule(t: TFunction, limits: { min: number; max: number }) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === null || value === undefined || value === '') return;
      const n = Number(value);
      if (!Number.isInteger(n) || n < limits.min || n > limits.max)
        throw new Error(t('classes:form.between', { min: limits.min, max: limits.max }));
    },
  };
}
