import type { ReactNode } from 'react';
import { BilingualTitle } from '../../shared/ui/BilingualTitle';

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
