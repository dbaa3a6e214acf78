/**
 * Turns API errors into the words a person reads. Every server error code has a translation: in
 * the `errors` namespace (bundled with the sign-in page) when the sign-in pages or the shell can
 * meet it, else in `screenErrors` (the screens' chunk, present before any screen shows); so too
 * the words of field codes and of the contract's own validation messages. Field errors are shown
 * beside their field.
 */
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from './client';

const minutesFrom = (seconds: number | undefined) =>
  seconds !== undefined ? Math.max(1, Math.ceil(seconds / 60)) : undefined;

export function apiErrorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors:codes.unknown');
  const minutes = minutesFrom(error.retryAfterSeconds);
  if ((error.error === 'account_locked' || error.error === 'rate_limited') && minutes !== undefined) {
    return t(`errors:codes.${error.error}_minutes`, { minutes });
  }
  return errorCodeText(t, error.error, error.details);
}

/**
 * The words for one server error code, wherever its translation lives (see above), with what the
 * error's details name (`payment_overdue`: its days and amount).
 */
export function errorCodeText(t: TFunction, code: string, details?: Record<string, unknown>): string {
  return t([`errors:codes.${code}`, `screenErrors:codes.${code}`], {
    ...details,
    defaultValue: t('errors:codes.unknown'),
  });
}

/**
 * The message for one field error from the server (`{path, code, message}`): the screen's own words
 * when it has them (`ownKey`, e.g. `catalogue:errors.<code>`), else the shared ones.
 */
export function fieldErrorMessage(t: TFunction, code: string, ownKey?: string): string {
  const shared = t([`errors:field.${code}`, `screenErrors:field.${code}`], {
    defaultValue: t('errors:validation.invalid'),
  });
  return ownKey ? t(ownKey, { defaultValue: shared }) : shared;
}

/**
 * Puts the server's field errors beside the form's fields. Returns true when at least one field
 * of this form was marked (then no page-level message is needed).
 */
export function applyFieldErrors(form: FormInstance, error: unknown, t: TFunction, known: readonly string[]): boolean {
  if (!isApiError(error) || !error.fields) return false;
  const marked = new Map<string, string[]>();
  for (const field of error.fields) {
    const name = field.path.split('.').pop() ?? field.path;
    if (!known.includes(name)) continue;
    marked.set(name, [...(marked.get(name) ?? []), fieldErrorMessage(t, field.code)]);
  }
  form.setFields([...marked].map(([name, errors]) => ({ name, errors })));
  return marked.size > 0;
}

/** A zod issue (from the contract's schemas) in the screen's language. */
export function zodIssueMessage(t: TFunction, issue: z.core.$ZodIssue): string {
  if (issue.message && /^[a-z_]+$/.test(issue.message)) {
    const custom = t([`errors:validation.${issue.message}`, `screenErrors:validation.${issue.message}`], {
      defaultValue: '',
    });
    if (custom) return custom;
  }
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? t('errors:validation.minLength', { min: Number(issue.minimum) })
        : t('errors:validation.invalid');
    case 'too_big':
      return issue.origin === 'string'
        ? t('errors:validation.maxLength', { max: Number(issue.maximum) })
        : t('errors:validation.invalid');
    case 'invalid_format':
      return issue.format === 'email' ? t('errors:validation.email') : t('errors:validation.invalid');
    default:
      return t('errors:validation.invalid');
  }
}

/** An antd form rule that validates a value with a contract schema and explains it translated. */
export function schemaRule(schema: z.ZodType, t: TFunction) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new Error(issue ? zodIssueMessage(t, issue) : t('errors:validation.invalid'));
      }
    },
  };
}

export function requiredRule(t: TFunction) {
  return { required: true, whitespace: true, message: t('errors:validation.required') };
}

/** An antd form rule: this field must repeat another one (a password confirmation). */
export function sameAsRule(field: string, t: TFunction) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error(t('errors:validation.passwordsMismatch'));
    },
  });
}
