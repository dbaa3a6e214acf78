import { useTranslation } from 'react-i18next';
import { bilingualTitleParts } from './bilingualTitle';

interface Props {
  titleKey: string;
  /** Heading level; a screen has exactly one page title. */
  level?: 1 | 2;
  className?: string;
}

/** The page title, `data-testid="page-title"`: `Member List (會員管理)`. */
export function BilingualTitle({ titleKey, level = 1, className }: Props) {
  const { i18n } = useTranslation();
  const { primary, secondary, secondaryLang } = bilingualTitleParts(i18n, titleKey);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Heading data-testid="page-title" className={['page-title', className].filter(Boolean).join(' ')}>
      {primary}
      {primary !== secondary && (
        <>
          {' '}
          <span className="page-title__secondary" lang={secondaryLang}>
            ({secondary})
          </span>
        </>
      )}
    </Heading>
  );
}
