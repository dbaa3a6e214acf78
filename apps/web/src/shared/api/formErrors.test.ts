import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { onFieldsOf, placeFieldErrors, showErrorOnFields } from './formErrors';

/** A form that records what is set on it and where it scrolls, its fields in `order`. */
function fakeForm(order: string[]) {
  const set: { name: unknown; errors: string[] }[] = [];
  const scrolled: unknown[] = [];
  const form = {
    setFields: (fields: { name: unknown; errors: string[] }[]) => set.push(...fields),
    scrollToField: (name: unknown) => scrolled.push(name),
    getFieldsError: () =>
      order.map((name) => ({ name: [name], errors: set.find((f) => f.name === name)?.errors ?? [] })),
  } as unknown as FormInstance;
  return { form, set, scrolled };
}

// The words of a key: the screen's own for `catalogue:errors.centers_required`, else the default.
const t = ((key: string, options?: { defaultValue?: string }) =>
  key === 'catalogue:errors.centers_required' ? 'Choose a centre' : (options?.defaultValue ?? key)) as TFunction;

const refusal = (...fields: { path: string; code: string }[]) =>
  new ApiError({
    status: 400,
    error: 'validation_failed',
    message: 'bad',
    fields: fields.map((f) => ({ ...f, message: f.code })),
  });

describe('placeFieldErrors', () => {
  it('puts each error beside the field its path names, in the screen words, and focuses the first', () => {
    const { form, set, scrolled } = fakeForm(['name', 'centerIds']);
    const message = (code: string) => t(`catalogue:errors.${code}`, { defaultValue: `shared ${code}` });
    const result = placeFieldErrors(
      form,
      refusal({ path: 'centerIds.0', code: 'centers_required' }, { path: 'other', code: 'too_big' }),
      t,
      onFieldsOf(['name', 'centerIds']),
      message,
    );
    expect(set).toEqual([{ name: 'centerIds', errors: ['Choose a centre'] }]);
    expect(scrolled).toEqual(['centerIds']);
    expect(result).toEqual({ placed: 1, rest: ['shared too_big'] });
  });

  it('places nothing for an error without fields', () => {
    const { form, set } = fakeForm(['name']);
    expect(placeFieldErrors(form, new Error('offline'), t, onFieldsOf(['name']))).toEqual({ placed: 0, rest: [] });
    expect(set).toEqual([]);
  });
});

describe('showErrorOnFields', () => {
  it('names the field by the last part of the path and focuses the first field of the form', () => {
    const { form, set, scrolled } = fakeForm(['code', 'name']);
    const shown = showErrorOnFields(
      form,
      refusal({ path: 'body.name', code: 'too_long' }, { path: 'code', code: 'invalid' }),
      t,
      ['code', 'name'],
    );
    expect(shown).toBe(true);
    expect(set.map((f) => f.name)).toEqual(['name', 'code']);
    expect(scrolled).toEqual([['code']]);
  });

  it('answers false when the error is about no field of the form', () => {
    const { form } = fakeForm(['code']);
    expect(showErrorOnFields(form, refusal({ path: 'centerIds.0', code: 'invalid' }), t, ['centerIds'])).toBe(false);
  });
});
