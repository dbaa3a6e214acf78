import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualTitle } from '../../shared/ui/BilingualTitle';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { useHomePath } from './useHomePath';

interface Props {
  testId: string;
  titleKey: string;
  code?: string;
  text: string;
  actions: ReactNode;
}

/** Shared frame of the miscellaneous full-page screens. */
export function MiscScreen({ testId, titleKey, code, text, actions }: Props) {
  return (
    <div className="misc-screen" data-testid={testId}>
      <section className="auth-card">
        {code && (
          <div className="misc-screen__code" aria-hidden="true">
            {code}
          </div>
        )}
        <BilingualTitle titleKey={titleKey} />
        <p className="misc-screen__text">{text}</p>
        <div className="misc-screen__actions">{actions}</div>
      </section>
    </div>
  );
}

/** The screens' main way out: to whoever is here's home (sign-in when nobody is signed in). */
export function HomeButton({ label, testId }: { label?: string; testId?: string }) {
  const { t } = useTranslation();
  const home = useHomePath();
  return (
    <ButtonLink type="primary" to={home} data-testid={testId}>
      {label ?? t('common:actions.goHome')}
    </ButtonLink>
  );
}
