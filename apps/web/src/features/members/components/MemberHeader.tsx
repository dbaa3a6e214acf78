import { CreditCardOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { Member } from '@gym/contract/members';
import { formatPhone } from '@gym/contract/phone';
import { Card, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { memberName, useFormatters } from '../format';
import { MemberAvatar } from './MemberAvatar';
import { MemberStatusTag } from './MemberStatusTag';

/**
 * The places on the member header that later features fill: selling (membership and its expiry,
 * balance due), the door (last visit) and alerts (a possible duplicate, a medical note, ...). Until a
 * feature passes its content, the slot shows its label and a dash, so the header keeps its shape.
 */
export const MEMBER_HEADER_SLOTS = ['membership', 'balance', 'lastVisit', 'alerts'] as const;
export type MemberHeaderSlot = (typeof MEMBER_HEADER_SLOTS)[number];

interface Props {
  member: Member;
  slots?: Partial<Record<MemberHeaderSlot, ReactNode>>;
  actions?: ReactNode;
}

/** Who is at the desk, at a glance: photo, name, code, status, home centre, card, and the slots above. */
export function MemberHeader({ member, slots = {}, actions }: Props) {
  const { t } = useTranslation();
  const format = useFormatters();
  const card = member.cards.find((c) => c.status === 'active');
  return (
    <Card variant="borderless" className="member-header" data-testid="member-header">
      <div className="member-header__body">
        <MemberAvatar member={member} photo={member.photo} size={72} />
        <div className="member-header__text">
          {/* The file opens with the focus here: the desk's keys (check in, sell) work at once, Tab goes on to the actions. */}
          <h2 className="member-header__name" data-testid="member-name" tabIndex={-1} data-page-focus>
            {memberName(member)}
            {member.chineseName && (
              <span className="member-header__zh" lang="zh-Hant">
                {member.chineseName}
              </span>
            )}
          </h2>
          <Space wrap size="small">
            <Tag className="mono" data-testid="member-code">
              {member.code}
            </Tag>
            <MemberStatusTag status={member.status} />
            {member.isNew && (
              <Tag color="#b7410e" data-testid="member-new">
                {t('members:edit.newRegistration')}
              </Tag>
            )}
            <span data-testid="member-home-center">
              <EnvironmentOutlined aria-hidden /> {member.homeCenter.name} ({member.homeCenter.code})
            </span>
            <span data-testid="member-card">
              <CreditCardOutlined aria-label={t('members:header.card')} />{' '}
              {card ? <span className="mono">{card.number}</span> : t('members:header.noCard')}
            </span>
            {member.phone && <span className="nowrap">{formatPhone(member.phone)}</span>}
            <span className="field-hint">{t('members:edit.joined', { date: format.date(member.createdAt) })}</span>
          </Space>
        </div>
        {actions && <div className="member-header__actions">{actions}</div>}
      </div>
      <dl className="member-header__slots">
        {MEMBER_HEADER_SLOTS.map((slot) => (
          <div key={slot} className="member-header__slot" data-testid={`member-slot-${slot}`}>
            <dt>{t(`members:header.slots.${slot}`)}</dt>
            <dd>{slots[slot] ?? <span className="field-hint">—</span>}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
