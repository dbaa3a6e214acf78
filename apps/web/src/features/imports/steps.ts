/** The four steps of an import screen: the file, its check, the import, the summary. */
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';

export type ImportStep = 0 | 1 | 2 | 3;
/** The step during which the rows are written. */
const IMPORTING: ImportStep = 2;

/**
 * The current step, and the heading each new step starts with in focus (so keyboard and
 * screen-reader users follow the flow). Leaving while the rows are written would hide the outcome
 * (the server finishes the import anyway): the browser asks first.
 */
export function useImportSteps() {
  const [step, setStep] = useState<ImportStep>(0);
  const focusHeading = useRef(false);

  const goTo = (next: ImportStep) => {
    focusHeading.current = true;
    setStep(next);
  };
  const headingRef = (heading: HTMLHeadingElement | null) => {
    if (heading && focusHeading.current) {
      focusHeading.current = false;
      heading.focus();
    }
  };

  useEffect(() => {
    if (step !== IMPORTING) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [step]);

  return { step, goTo, headingRef };
}

export const stepTitles = (t: TFunction) => [
  t('imports:steps.file'),
  t('imports:steps.check'),
  t('imports:steps.import'),
  t('imports:steps.summary'),
];

/**
 * A refused file or centre in the import's own words (`fileErrors` under each of `prefixes`, the
 * first that has the code), else the shared error text.
 */
export function checkErrorText(
  t: TFunction,
  error: unknown,
  file: string | undefined,
  maxExpandedMb: number,
  prefixes: readonly string[] = ['fileErrors'],
): string {
  const code = isApiError(error) ? error.fields?.[0]?.code : undefined;
  const fallback = apiErrorMessage(t, error);
  if (!code) return fallback;
  const params = { file: file ?? '', mb: maxExpandedMb };
  const own = prefixes.find((prefix) => t(`imports:${prefix}.${code}`, { defaultValue: '' }) !== '');
  return own ? t(`imports:${own}.${code}`, { ...params, defaultValue: fallback }) : fallback;
}
