import '../public/public.css';
import type { SignatureSubmit } from '@gym/contract/signatures';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError, newIdempotencyKey } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { i18n, loadLanguage } from '../../shared/i18n/i18n';
import { PublicForm, PublicLoadError, PublicMessage, PublicScreen, PublicSpinner } from '../public/PublicPage';
import { submitSignature, usePublicDocument } from './api';
import { SignForm } from './SignForm';

type Ending = 'invalid' | 'expired' | 'used' | 'revoked';

function endingOf(error: unknown): Ending | null {
  if (!isApiError(error)) return null;
  if (error.error === 'signature_link_used') return 'used';
  if (error.error === 'signature_link_revoked') return 'revoked';
  if (error.error === 'signature_link_expired') return 'expired';
  if (error.status === 404 || error.status === 400) return 'invalid';
  return null;
}

function EndingPage({ ending }: { ending: Ending }) {
  const { t } = useTranslation();
  return (
    <PublicMessage
      testId={`signature-${ending}`}
      status={ending === 'invalid' ? '404' : 'warning'}
      title={t(`signatures:ending.${ending}Title`)}
    >
      {t(`signatures:ending.${ending}Text`)}
    </PublicMessage>
  );
}

/** The page speaks the member's language (the document's). */
function useDocumentLanguage(language: string | undefined) {
  useEffect(() => {
    if (!language || language === i18n.resolvedLanguage) return;
    void loadLanguage(language as 'en')
      .then(() => i18n.changeLanguage(language))
      .then(() => {
        document.documentElement.lang = language;
      });
  }, [language]);
}

function SignatureContent() {
  const { t } = useTranslation();
  const token = useParams().expire_token ?? '';
  const doc = usePublicDocument(token);
  const [ending, setEnding] = useState<Ending | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  useDocumentLanguage(doc.data?.language);

  if (doc.isPending) return <PublicSpinner />;
  const refused = ending ?? (doc.isError ? endingOf(doc.error) : null);
  if (refused) return <EndingPage ending={refused} />;
  if (doc.isError)
    return <PublicLoadError testId="signature-load-error" error={doc.error} onRetry={() => void doc.refetch()} />;
  if (done)
    return (
      <PublicMessage testId="signature-done" status="success" title={t('signatures:page.doneTitle')}>
        {t('signatures:page.doneText', { organisation: doc.data.organisationName })}
      </PublicMessage>
    );

  const submit = (body: SignatureSubmit) => {
    setBusy(true);
    setError(null);
    submitSignature(token, body, key.current)
      .then(() => setDone(true))
      .catch((e: unknown) => {
        const end = endingOf(e);
        if (end && end !== 'invalid') setEnding(end);
        else setError(apiErrorMessage(t, e));
      })
      .finally(() => setBusy(false));
  };

  return (
    <PublicForm
      testId="signature-page"
      titleKey="signature"
      subtitle={`${doc.data.organisationName} · ${doc.data.centerName}`}
    >
      <SignForm doc={doc.data} busy={busy} error={error} onSubmit={submit} />
    </PublicForm>
  );
}

/** A member reads and signs a document sent to them: `/signature/{expire_token}/`. */
export default function SignaturePage() {
  return (
    <PublicScreen testId="screen-signature">
      <SignatureContent />
    </PublicScreen>
  );
}
