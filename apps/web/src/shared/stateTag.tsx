import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag, type Tone } from './ui/StatusTag';

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
