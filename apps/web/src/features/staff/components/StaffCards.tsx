import { DisconnectOutlined, PlusOutlined } from '@ant-design/icons';
import type { Card as StaffCard } from '@gym/contract/members';
import { cardNumberSchema } from '@gym/contract/members';
import { App, Button, Card, Empty, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, requiredRule, schemaRule } from '../../../shared/api/errorMessages';
import { showErrorOnFields } from '../../../shared/api/formErrors';
import { OneLineTable } from '../../../shared/ui/OneLineTable';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { useDateTime } from '../../../shared/useDates';
import { type Staff, useAttachStaffCard, useDetachStaffCard } from '../api';

const CARD_TONES = { active: 'success', lost: 'warning', detached: 'neutral' } as const;

/** Staff cards (used to clock in): attach by the printed number, detach, and the history. */
export function StaffCards({ staff, canUpdate }: { staff: Staff; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const formatDateTime = useDateTime();
  const [form] = Form.useForm<{ number: string }>();
  const attach = useAttachStaffCard();
  const detach = useDetachStaffCard();
  // Newest first: the card in use, then the history.
  const cards = [...staff.cards].sort((a, b) => b.attachedAt.localeCompare(a.attachedAt));

  const confirmDetach = (card: StaffCard) =>
    modal.confirm({
      title: t('staff:cards.detachTitle', { number: card.number }),
      content: t('staff:cards.detachText'),
      okText: t('staff:cards.detach'),
      okButtonProps: { danger: true },
      cancelText: t('staff:cancel'),
      onOk: () =>
        detach
          .mutateAsync({ id: staff.id, cardId: card.id })
          .then(() => void message.success(t('staff:cards.detached')))
          .catch((error: unknown) => {
            void message.error(apiErrorMessage(t, error));
          }),
    });

  return (
    <Card title={t('staff:cards.title')} data-testid="staff-cards">
      {canUpdate && (
        <Form
          form={form}
          name="staff_card"
          layout="inline"
          requiredMark={false}
          className="staff-card-form"
          disabled={attach.isPending}
          onFinish={(values) =>
            attach.mutate(
              { id: staff.id, number: values.number.trim().toUpperCase() },
              {
                onSuccess: () => {
                  form.resetFields();
                  void message.success(t('staff:cards.attached'));
                },
                onError: (error) => {
                  if (!showErrorOnFields(form, error, t, ['number'], { card_in_use: 'number' })) {
                    void message.error(apiErrorMessage(t, error));
                  }
                },
              },
            )
          }
        >
          <Form.Item
            label={t('staff:cards.number')}
            name="number"
            normalize={(value: string | undefined) => value?.toUpperCase().replace(/\s/g, '')}
            rules={[requiredRule(t), schemaRule(cardNumberSchema, t)]}
          >
            <Input maxLength={32} autoComplete="off" spellCheck={false} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" icon={<PlusOutlined />} loading={attach.isPending}>
              {t('staff:cards.attach')}
            </Button>
          </Form.Item>
        </Form>
      )}
      <OneLineTable<StaffCard>
        rowKey="id"
        size="middle"
        dataSource={cards}
        pagination={false}
        locale={{ emptyText: <Empty description={t('staff:cards.empty')} /> }}
        columns={[
          {
            key: 'number',
            title: t('staff:cards.number'),
            dataIndex: 'number',
            render: (n: string) => <code>{n}</code>,
          },
          {
            key: 'status',
            title: t('staff:cards.status'),
            dataIndex: 'status',
            width: 120,
            render: (status: StaffCard['status']) => (
              <StatusTag tone={CARD_TONES[status]}>{t(`staff:cards.statuses.${status}`)}</StatusTag>
            ),
          },
          {
            key: 'attachedAt',
            title: t('staff:cards.attachedAt'),
            dataIndex: 'attachedAt',
            render: (at: string, card) =>
              card.attachedBy
                ? t('staff:cards.by', { when: formatDateTime(at), name: card.attachedBy })
                : formatDateTime(at),
          },
          {
            key: 'detachedAt',
            title: t('staff:cards.detachedAt'),
            render: (_: unknown, card) => {
              const at = card.detachedAt ?? card.lostAt;
              return at ? formatDateTime(at) : '';
            },
          },
          ...(canUpdate
            ? [
                {
                  key: 'actions',
                  title: t('staff:actions'),
                  width: 130,
                  render: (_: unknown, card: StaffCard) =>
                    card.status === 'active' && (
                      <Button
                        size="small"
                        icon={<DisconnectOutlined />}
                        onClick={() => confirmDetach(card)}
                        aria-label={t('staff:cards.detachAria', { number: card.number })}
                      >
                        {t('staff:cards.detach')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
