import './signatures.css';
import { PAD_DOCUMENT_ACTION, type PublicSignatureDocument, type SignatureSubmit } from '@gym/contract/signatures';
import { Result, Select, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, isApiError, newIdempotencyKey } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { setCenterId, useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { setRealtimePad, subscribeRealtime } from '../../shared/realtime';
import { APP_STORAGE_KEYS, local } from '../../shared/storage';
import { BilingualTitle } from '../../shared/ui/BilingualTitle';
import { openOnPad, submitSignature } from './api';
import { SignForm } from './SignForm';

interface Queued {
  token: string;
  body: SignatureSubmit;
  key: string;
}

const readQueue = (): Queued[] => {
  try {
    return JSON.parse(local.get(APP_STORAGE_KEYS.padOutbox) ?? '[]') as Queued[];
  } catch {
    return [];
  }
};
const writeQueue = (q: Queued[]) => local.set(APP_STORAGE_KEYS.padOutbox, q.length ? JSON.stringify(q) : null);

/** A lost connection (the request never got an answer): kept and sent again, with the same key. */
const isOffline = (e: unknown) => isApiError(e) && e.error === 'network_error';

/** Sends what the tablet kept while offline; a refusal (used, expired) drops it, a lost connection keeps it. */
async function flushQueue(): Promise<void> {
  for (const item of readQueue()) {
    try {
      await submitSignature(item.token, item.body, item.key);
    } catch (e) {
      if (isOffline(e)) return;
    }
    writeQueue(readQueue().filter((q) => q.key !== item.key));
  }
}

/**
 * The centre whose desk holds this tablet (this tab's centre): documents are sent to the tablets of
 * that name at the sender's centre. The first the staff member may work at until one is chosen; a
 * choice only while waiting, never while the member signs.
 */
function PadCentre() {
  const { t } = useTranslation();
  const centers = useCenters();
  const centerId = useCenterId();
  const items = centers.data;
  useEffect(() => {
    if (items && (!centerId || !items.some((c) => c.id === centerId))) setCenterId(items[0]?.id ?? null);
  }, [items, centerId]);
  if (!items || items.length < 2) {
    const only = items?.[0];
    return only ? <p className="epad-centre">{only.name}</p> : null;
  }
  return (
    <Select
      className="epad-centre"
      value={items.some((c) => c.id === centerId) ? centerId : undefined}
      options={items.map((c) => ({ value: c.id, label: c.name }))}
      onChange={(id: string) => setCenterId(id)}
      aria-label={t('common:center.label')}
      placeholder={t('common:center.placeholder')}
      data-testid="epad-centre"
    />
  );
}

type PadState =
  | { step: 'waiting' }
  | { step: 'loading' }
  | { step: 'signing'; token: string; doc: PublicSignatureDocument }
  | { step: 'done'; offline: boolean };

/**
 * `/epad/{id}`: the tablet facing the member. It waits for a document staff send to this pad, shows
 * it to read and sign, and goes back to waiting. A signature made while the connection is down is
 * kept in the tablet's storage and sent when it is back.
 */
export default function EpadPage() {
  const { t } = useTranslation();
  const padId = useParams().id ?? '';
  const [state, setState] = useState<PadState>({ step: 'waiting' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());

  /** A document sent to this tablet: a signing token is asked for (signed in), then the text. */
  const open = useCallback(
    (requestId: string) => {
      key.current = newIdempotencyKey();
      setError(null);
      setState({ step: 'loading' });
      openOnPad(requestId, padId)
        .then(({ token }) =>
          api
            .get<PublicSignatureDocument>(`/public/signatures/${encodeURIComponent(token)}`, { auth: false })
            .then((doc) => setState({ step: 'signing', token, doc })),
        )
        .catch(() => setState({ step: 'waiting' }));
    },
    [padId],
  );

  // This tab is the tablet `padId` while the page is shown: the server sends it what staff send there.
  useEffect(() => {
    setRealtimePad(padId || null);
    return () => setRealtimePad(null);
  }, [padId]);

  useEffect(
    () =>
      subscribeRealtime((payload) => {
        const message = payload as { action?: unknown; padId?: unknown; requestId?: unknown };
        if (message?.action !== PAD_DOCUMENT_ACTION || message.padId !== padId || typeof message.requestId !== 'string')
          return;
        open(message.requestId);
      }),
    [padId, open],
  );

  useEffect(() => {
    void flushQueue();
    const online = () => void flushQueue();
    window.addEventListener('online', online);
    const timer = window.setInterval(online, 15_000);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    if (state.step !== 'done') return;
    const back = window.setTimeout(() => setState({ step: 'waiting' }), 4000);
    return () => window.clearTimeout(back);
  }, [state.step]);

  const submit = (token: string) => (body: SignatureSubmit) => {
    setBusy(true);
    setError(null);
    const item = { token, body, key: key.current };
    submitSignature(token, body, item.key)
      .then(() => setState({ step: 'done', offline: false }))
      .catch((e: unknown) => {
        if (isOffline(e)) {
          writeQueue([...readQueue(), item]);
          setState({ step: 'done', offline: true });
        } else setError(apiErrorMessage(t, e));
      })
      .finally(() => setBusy(false));
  };

  return (
    <div className="epad-screen" data-testid="screen-epad">
      <section className="auth-card public-card">
        <BilingualTitle titleKey="epad" />
        {state.step === 'waiting' ? (
          <Result
            icon={<Spin size="large" />}
            title={t('signatures:pad.waiting')}
            subTitle={t('signatures:pad.name', { id: padId })}
            extra={<PadCentre />}
            data-testid="epad-waiting"
          />
        ) : state.step === 'loading' ? (
          <Spin size="large" />
        ) : state.step === 'signing' ? (
          <SignForm doc={state.doc} busy={busy} error={error} onSubmit={submit(state.token)} />
        ) : (
          <Result
            status="success"
            title={state.offline ? t('signatures:pad.savedOffline') : t('signatures:pad.thanks')}
            data-testid="epad-done"
          />
        )}
      </section>
    </div>
  );
}
