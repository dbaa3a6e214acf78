import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualTitle } from '../../shared/ui/BilingualTitle';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { useHomePath } from './useHomePath';

interface Props {
  testId: string;
  /** The screen's texts in `misc`: its title (`titleKey`, bilingual) and `<name>.text`. */
  name: string;
  code?: string;
  actions: ReactNode;
}

/** Shared frame of the miscellaneous full-page screens. */
export function MiscScreen({ testId, name, code, actions }: Props) {
  const { t } = useTranslation();
  return (
    <div className="misc-screen" data-testid={testId}>
      <section className="auth-card">
        {code && (
          <div className="misc-screen__code" aria-hidden="true">
            {code}
          </div>
        )}
        <BilingualTitle titleKey={name} />
        <p className="misc-screen__text">{t(`misc:${name}.text`)}</p>
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
