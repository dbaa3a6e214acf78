import {
  CheckCircleFilled,
  CloseCircleFilled,
  CreditCardOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
  LoginOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Entry } from '@gym/contract/entries';
import { Avatar, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../shared/ui/MoneyText';

/** The event's icon: a picture's address, or the name of one of a few icons; otherwise by result. */
export function EntryIcon({ icon, result }: { icon: string; result: Entry['result'] | null }) {
  if (/^(https?:|data:image\/|\/)/.test(icon)) return <img src={icon} alt="" className="entry-toast__icon-img" />;
  const name = icon.toLowerCase();
  if (/(check|success|granted|ok)/.test(name) || (!name && result === 'granted'))
    return <CheckCircleFilled className="entry-toast__icon is-granted" aria-hidden />;
  if (/(warn|alert|duplicate)/.test(name))
    return <ExclamationCircleFilled className="entry-toast__icon is-warn" aria-hidden />;
  if (/(x|close|error|denied|stop|ban)/.test(name) || result === 'denied')
    return <CloseCircleFilled className="entry-toast__icon is-denied" aria-hidden />;
  if (result === 'granted') return <CheckCircleFilled className="entry-toast__icon is-granted" aria-hidden />;
  return <InfoCircleFilled className="entry-toast__icon" aria-hidden />;
}

export function EntryToastTitle({ entry, fallback }: { entry: Entry | null; fallback: string }) {
  const { t } = useTranslation();
  if (!entry) return <span data-testid="entry-toast-title">{fallback}</span>;
  const who = entry.member?.name ?? (entry.card ? t('door:entry.card', { card: entry.card }) : t('door:entry.someone'));
  return (
    <span data-testid="entry-toast-title" data-result={entry.result}>
      {entry.result === 'denied'
        ? t('door:entry.deniedTitle', { name: who })
        : t('door:entry.grantedTitle', { name: who })}
    </span>
  );
}

function leftText(t: ReturnType<typeof useTranslation>['t'], entry: Entry): string | null {
  if (entry.daysLeft !== null) return t('door:entry.daysLeft', { count: entry.daysLeft });
  if (entry.creditsLeft !== null) return t('door:entry.creditsLeft', { count: entry.creditsLeft });
  return null;
}

interface BodyProps {
  entry: Entry | null;
  /** The event's message (organisation's language): shown when there is no entry to render. */
  message: string;
  onLetIn?: (() => void) | undefined;
  /** Sell or renew the member a denial names (no valid membership or credits). */
  onSell?: (() => void) | undefined;
  /** Attach the unknown card to a member. */
  onAttach?: (() => void) | undefined;
}

/**
 * Granted: photo, what let them in and what is left; denied: the reason, and what the desk can do
 * about it for those allowed: "Let in", "Sell / renew" (nothing valid), "Attach card" (unknown card).
 */
export function EntryToastBody({ entry, message, onLetIn, onSell, onAttach }: BodyProps) {
  const { t } = useTranslation();
  if (!entry) return <span data-testid="entry-toast-text">{message}</span>;
  const parts: ReactNode[] = [];
  if (entry.result === 'denied') {
    parts.push(entry.reason ? t(`door:reasons.${entry.reason}`, { defaultValue: message }) : message);
  } else {
    const by = entry.grantedBy ? t(`door:grants.${entry.grantedBy}`) : t('door:entry.granted');
    parts.push(entry.entitlement ? `${by}: ${entry.entitlement.name}` : by);
    const left = leftText(t, entry);
    if (left) parts.push(left);
  }
  const overdue = entry.overdue;
  if (overdue) {
    parts.push(
      <span className="entry-toast__warning" data-testid="entry-toast-overdue" data-days={overdue.days}>
        <ExclamationCircleFilled aria-hidden /> {t('payments:overdue.days', { count: overdue.days })}{' '}
        <MoneyText value={overdue.amount} />
        {overdue.blocksBookings ? ` · ${t('payments:overdue.bookingsBlocked')}` : ''}
      </span>,
    );
  }
  return (
    <div className="entry-toast__body">
      {entry.member &&
        (entry.member.photoUrl ? (
          <Avatar src={entry.member.photoUrl} size={48} alt="" data-testid="entry-toast-photo" />
        ) : (
          <Avatar size={48} icon={<UserOutlined />} aria-hidden />
        ))}
      <div className="entry-toast__text">
        <div data-testid="entry-toast-text">
          {parts.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed order of at most three lines
            <div key={i}>{p}</div>
          ))}
        </div>
        {entry.member && <div className="entry-toast__meta mono">{entry.member.code}</div>}
        {(onLetIn || onSell || onAttach) && (
          <div className="entry-toast__actions">
            {onLetIn && (
              <ToastAction icon={<LoginOutlined />} onClick={onLetIn} testId="let-in">
                {t('door:entry.letIn')}
              </ToastAction>
            )}
            {onSell && (
              <Button size="small" onClick={onSell} data-testid="entry-toast-sell">
                {t('door:entry.sell')}
              </Button>
            )}
            {onAttach && (
              <ToastAction icon={<CreditCardOutlined />} onClick={onAttach} testId="attach">
                {t('door:entry.attach')}
              </ToastAction>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** The toast's main actions ("Let in", "Attach card"). */
function ToastAction({
  icon,
  onClick,
  testId,
  children,
}: {
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button size="small" type="primary" icon={icon} onClick={onClick} data-testid={`entry-toast-${testId}`}>
      {children}
    </Button>
  );
}
