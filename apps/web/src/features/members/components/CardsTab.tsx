import { CreditCardOutlined, DisconnectOutlined, StopOutlined, WifiOutlined } from '@ant-design/icons';
import { cardNumberSchema, type Member, type Card as MemberCard } from '@gym/contract/members';
import { Alert, App, Button, Card, Descriptions, Empty, Form, Input, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, applyFieldErrors, requiredRule, schemaRule } from '../../../shared/api/errorMessages';
import { SectionTable } from '../../../shared/ui/OneLineTable';
import { endUpdateCard, startUpdateCard, useReaderState } from '../../door/readerState';
import { useAttachCard, useDetachCard, useMarkCardLost } from '../api';
import { useFormatters } from '../format';
import { CardLinkPanel } from './CardLinkPanel';

const CARD_STATUS_COLOURS: Record<MemberCard['status'], string> = {
  active: '#2e7d32',
  lost: '#c62828',
  detached: '#5d596c',
};

/**
 * The spec's update-member-card mode: the next card tapped on this browser's reader goes to this
 * member. The reader flow clears the mode after one card, success or not (the shared reader state
 * tells this tab and the others).
 */
function useReaderMode(memberId: string) {
  const state = useReaderState();
  return {
    active: state.action === 'update-member-card' && state.studentId === memberId,
    start: () => startUpdateCard(memberId),
    stop: endUpdateCard,
    hasReader: Boolean(state.reader),
  };
}

function AttachCardForm({ member }: { member: Member }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ number: string }>();
  const attach = useAttachCard(member.id);
  return (
    <Form
      form={form}
      name="attach-card"
      layout="inline"
      className="attach-card-form"
      disabled={attach.isPending}
      onFinish={({ number }) =>
        attach.mutate(number.trim().toUpperCase(), {
          onSuccess: (card) => {
            form.resetFields();
            void message.success(t('members:cards.attached', { number: card.number }));
          },
          onError: (error) => {
            if (!applyFieldErrors(form, error, t, ['number'])) void message.error(apiErrorMessage(t, error));
          },
        })
      }
    >
      <Form.Item
        name="number"
        label={t('members:cards.number')}
        rules={[requiredRule(t), schemaRule(cardNumberSchema, t)]}
        extra={member.cards.some((c) => c.status === 'active') ? t('members:cards.replaceHint') : undefined}
      >
        <Input autoComplete="off" maxLength={32} className="mono" data-card-field />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<CreditCardOutlined />} loading={attach.isPending}>
          {t('members:cards.attach')}
        </Button>
      </Form.Item>
    </Form>
  );
}

interface Props {
  member: Member;
  canUpdate: boolean;
}

export function CardsTab({ member, canUpdate }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const format = useFormatters();
  const markLost = useMarkCardLost(member.id);
  const detach = useDetachCard(member.id);
  const reader = useReaderMode(member.id);
  const active = member.cards.find((c) => c.status === 'active');
  const editable = canUpdate && !member.erasedAt;
  const history = [...member.cards].sort((a, b) => b.attachedAt.localeCompare(a.attachedAt));

  const onError = (error: unknown) => void message.error(apiErrorMessage(t, error));

  return (
    <div className="member-tab" data-testid="member-cards">
      <Card size="small" title={t('members:cards.active')} className="member-section">
        {active ? (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'number',
                label: t('members:cards.number'),
                children: (
                  <span className="mono card-number" data-testid="active-card">
                    {active.number}
                  </span>
                ),
              },
              { key: 'since', label: t('members:cards.attachedAt'), children: format.dateTime(active.attachedAt) },
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members:cards.noActive')} />
        )}
        {editable && (
          <>
            <AttachCardForm member={member} />
            <Space wrap className="member-section__actions">
              {reader.active ? (
                <Button icon={<StopOutlined />} onClick={reader.stop} data-testid="reader-mode-stop">
                  {t('members:cards.readerStop')}
                </Button>
              ) : (
                <Button icon={<WifiOutlined />} onClick={reader.start} data-testid="reader-mode-start">
                  {t('members:cards.readerStart')}
                </Button>
              )}
            </Space>
            {reader.active && (
              <Alert
                type="info"
                showIcon
                role="status"
                data-testid="reader-mode-hint"
                title={t('members:cards.readerActive')}
                description={reader.hasReader ? t('members:cards.readerHint') : t('members:cards.readerNone')}
              />
            )}
          </>
        )}
      </Card>

      {editable && <CardLinkPanel member={member} />}

      <Card size="small" title={t('members:cards.history')} className="member-section">
        <SectionTable<MemberCard>
          dataSource={history}
          data-testid="card-history"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members:cards.none')} /> }}
          columns={[
            {
              key: 'number',
              title: t('members:cards.number'),
              render: (_, c) => <span className="mono">{c.number}</span>,
            },
            {
              key: 'status',
              title: t('members:cards.status'),
              render: (_, c) => (
                <Tag color={CARD_STATUS_COLOURS[c.status]}>{t(`members:cards.statuses.${c.status}`)}</Tag>
              ),
            },
            {
              key: 'attachedAt',
              title: t('members:cards.attachedAt'),
              render: (_, c) => format.dateTime(c.attachedAt),
            },
            { key: 'attachedBy', title: t('members:cards.attachedBy'), render: (_, c) => c.attachedBy ?? '—' },
            { key: 'lostAt', title: t('members:cards.lostAt'), render: (_, c) => format.dateTime(c.lostAt) },
            {
              key: 'detachedAt',
              title: t('members:cards.detachedAt'),
              render: (_, c) => format.dateTime(c.detachedAt),
            },
            ...(editable
              ? [
                  {
                    key: 'actions',
                    title: t('members:cards.actions'),
                    render: (_: unknown, c: MemberCard) =>
                      c.status === 'detached' ? null : (
                        <Space size="small" wrap>
                          {c.status === 'active' && (
                            <Popconfirm
                              title={t('members:cards.lostConfirm', { number: c.number })}
                              okText={t('members:cards.markLost')}
                              cancelText={t('members:actions.cancel')}
                              onConfirm={() => markLost.mutateAsync(c.id).catch(onError)}
                            >
                              <Button size="small" icon={<StopOutlined />}>
                                {t('members:cards.markLost')}
                              </Button>
                            </Popconfirm>
                          )}
                          <Popconfirm
                            title={t('members:cards.detachConfirm', { number: c.number })}
                            okText={t('members:cards.detach')}
                            cancelText={t('members:actions.cancel')}
                            onConfirm={() => detach.mutateAsync(c.id).catch(onError)}
                          >
                            <Button size="small" icon={<DisconnectOutlined />}>
                              {t('members:cards.detach')}
                            </Button>
                          </Popconfirm>
                        </Space>
                      ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </div>
  );
}
