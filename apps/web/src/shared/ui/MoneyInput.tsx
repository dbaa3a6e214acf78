import './money.css';
import type { Minor, MoneyFormat } from '@gym/contract/money';
import { type FormRule, Input, type InputProps, type InputRef } from 'antd';
import {
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '../useMoneyFormat';
import { caretAfterMask, caretOverGroupMark, maskMoneyText, moneyProblem, moneyText } from './moneyMask';

export interface MoneyInputProps
  extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'prefix' | 'type' | 'min' | 'max' | 'inputMode'> {
  /** The amount in minor units (cents), or null when the box is empty. */
  value?: number | null;
  /** Called with the amount in minor units (never a fraction), or null when the box is emptied. */
  onChange?: (value: Minor | null) => void;
  /** Smallest amount allowed, in minor units; a minus sign can be typed only when it is below 0. Default 0. */
  min?: number;
  /** Largest amount allowed, in minor units. Out of range, the box is marked invalid; the message comes from `useMoneyRules`. */
  max?: number;
  /** The format; by default the organisation's (`useMoneyFormat`). */
  format?: MoneyFormat;
  ref?: Ref<InputRef>;
}

/**
 * The one money field. Shows the currency symbol as its prefix and masks as the person types
 * (thousands grouped, at most the currency's decimals); its value is an integer of minor units.
 * An antd form control: put it in a `Form.Item` with `rules={useMoneyRules({ min, max, required })}`
 * for the translated messages.
 */
export function MoneyInput(props: MoneyInputProps) {
  const { value, onChange, min = 0, max, format, onBlur, onKeyDown, ref, ...rest } = props;
  // Controlled (a form field, or `value` given) or not: only a controlled box is rewritten from outside.
  const controlled = Object.hasOwn(props, 'value');
  const organisation = useMoneyFormat();
  const f = format ?? organisation;
  const allowNegative = min < 0;
  const [text, setText] = useState(() => moneyText(value, f));
  const inner = useRef<InputRef>(null);
  const caret = useRef<number | null>(null);
  useImperativeHandle(ref, () => inner.current as InputRef, []);

  // A value set from outside (the form's initial values, a reset, a computed amount) or a new format rewrites the box.
  const shown = maskMoneyText(text, f, allowNegative)?.value ?? null;
  const wanted = value ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the box is rewritten only when the value or the format changes, not as it is typed
  useEffect(() => {
    if (controlled && shown !== wanted) setText(moneyText(wanted, f));
  }, [controlled, wanted, f.symbol, f.exponent, f.decimal, f.thousands]);

  useLayoutEffect(() => {
    const input = inner.current?.input;
    if (caret.current === null || !input || input !== document.activeElement) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const at = event.target.selectionStart ?? raw.length;
    const masked = maskMoneyText(raw, f, allowNegative);
    if (!masked) {
      // Refused (past the money range): the box keeps its text, the caret stays where it was.
      const back = Math.max(0, at - (raw.length - text.length));
      event.target.value = text;
      event.target.setSelectionRange(back, back);
      return;
    }
    caret.current = caretAfterMask(raw, at, masked.text, f, allowNegative);
    setText(masked.text);
    if (masked.value !== shown) onChange?.(masked.value);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (input.selectionStart !== null && input.selectionStart === input.selectionEnd) {
      const over = caretOverGroupMark(input.value, input.selectionStart, event.key, f);
      if (over !== null) input.setSelectionRange(over, over);
    }
    onKeyDown?.(event);
  };

  const outOfRange = shown !== null && (shown < min || (max !== undefined && shown > max));

  const blur = (event: FocusEvent<HTMLInputElement>) => {
    // Leaving the box writes the amount in full (`12.5` → `12.50`; a lone minus goes).
    const tidy = moneyText(shown, f);
    if (tidy !== text) setText(tidy);
    onBlur?.(event);
  };

  return (
    <Input
      autoComplete="off"
      className="money-input"
      {...rest}
      ref={inner}
      value={text}
      onChange={change}
      onKeyDown={keyDown}
      onBlur={blur}
      prefix={f.symbol.trim() ? <span className="money-input__symbol">{f.symbol.trim()}</span> : undefined}
      inputMode="decimal"
      status={outOfRange ? 'error' : rest.status}
      aria-invalid={outOfRange || rest['aria-invalid']}
      spellCheck={false}
    />
  );
}

/**
 * Form rules for a money field, with translated messages that write the limits as money:
 * `Enter at least R$ 1.00.`. Limits are in minor units.
 */
export function useMoneyRules(options: {
  required?: boolean;
  min?: number;
  max?: number;
  format?: MoneyFormat;
}): FormRule[] {
  const { t } = useTranslation();
  const organisation = useMoneyFormat();
  const f = options.format ?? organisation;
  const { required = false, min = 0, max } = options;
  return useMemo(
    () => [
      ...(required ? [{ required: true, message: t('errors:validation.required') }] : []),
      {
        validator: async (_rule: unknown, value: unknown) => {
          const problem = moneyProblem(value, { min, max }, f);
          if (problem) throw new Error(t(`errors:validation.${problem.key}`, problem));
        },
      },
    ],
    [t, f, required, min, max],
  );
}
