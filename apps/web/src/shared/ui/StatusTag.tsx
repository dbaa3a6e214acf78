import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Solid colours dark enough for white text (WCAG AA); antd's light presets are not. */
const TONES = {
  success: '#2e7d32',
  info: '#1565c0',
  warning: '#8a4b00',
  accent: '#6a1b9a',
  neutral: '#5d596c',
} as const;

export type Tone = keyof typeof TONES;

export function StatusTag({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <Tag color={TONES[tone]} data-testid={testId}>
      {children}
    </Tag>
  );
}

interface StateTagOptions<S extends string> {
  /** The translation key of a state's name. */
  label: (state: S) => string;
  testId: string;
}

/**
 * The tag of a record's state (a member's, a session's): a colour per state (solid, dark enough
 * for white text) and the state's name; the state itself in `data-status`.
 */
export function colouredStateTag<S extends string>(colours: Record<S, string>, { label, testId }: StateTagOptions<S>) {
  return function StateTag({ status }: { status: S }) {
    const { t } = useTranslation();
    return (
      <Tag color={colours[status]} data-testid={testId} data-status={status}>
        {t(label(status))}
      </Tag>
    );
  };
}

/** The same with the house's tones (`StatusTag`) and without `data-status`. */
export function tonedStateTag<S extends string>(tones: Record<S, Tone>, { label, testId }: StateTagOptions<S>) {
  return function StateTag({ status }: { status: S }) {
    const { t } = useTranslation();
    return (
      <StatusTag tone={tones[status]} testId={testId}>
        {t(label(status))}
      </StatusTag>
    );
  };
}
