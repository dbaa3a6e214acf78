import type { KeyboardEvent } from 'react';

/** A date picker's calendar is open (its Enter takes the date typed). */
const pickerOpen = () => Boolean(document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)'));

/**
 * Whether Enter pressed on `target` completes the sale. Any field does, a closed list included (a
 * select would open its list instead), except where Enter has its own work: a select whose list is
 * open (Enter picks the option), a date picker's open calendar, a button or link (Enter presses it),
 * a text area, and what marks itself `data-own-enter` (the cart's search box, where Enter adds the
 * item scanned or found).
 */
export function enterCompletesSale(target: HTMLElement): boolean {
  if (target.closest('button, a, textarea, [data-own-enter]')) return false;
  if (target.getAttribute('aria-expanded') === 'true') return false;
  if (target.closest('.ant-picker') && pickerOpen()) return false;
  return true;
}

/**
 * The sale form's `onKeyDownCapture`: Enter from any field (see `enterCompletesSale`) submits the
 * form. It is taken before the field sees it, so a closed select does not open its list.
 */
export function enterSubmits(submit: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
    // Enter that ends a Chinese (or any IME) composition is the composition's.
    if (event.nativeEvent.isComposing || event.repeat) return;
    if (!(event.target instanceof HTMLElement) || !enterCompletesSale(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    submit();
  };
}
