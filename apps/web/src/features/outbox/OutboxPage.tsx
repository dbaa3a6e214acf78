import { CheckCircleOutlined, ClockCircleOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Drawer, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OneLineTable } from '../../shared/ui/OneLineTable';
import { ErrorState } from '../../shared/ui/ScreenStates';
import { useDateTime } from '../../shared/useDateTime';
import { type OutboxMessage, useOutbox } from './api';
import { linkify } from './linkify';

const PAGE_SIZE = 20;

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** Development e-mail outbox: every message the product "sent", with reset links clickable. */
export default function OutboxPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const pageSize = Math.min(positiveInt(params.get('pageSize'), PAGE_SIZE), 200);
  const openId = params.get('message');
  const outbox = useOutbox(page, pageSize);
  const formatDate = useDateTime();

  const update = (changes: Record<string, string | null>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  };

  const open: OutboxMessage | undefined = outbox.data?.items.find((m) => m.id === openId);

  if (outbox.isError && !outbox.data) {
    return (
      <div className="screen" data-testid="screen-outbox">
        <Card>
          <ErrorState error={outbox.error} onRetry={() => void outbox.refetch()} />
        </Card>
      </div>
    );
  }

  return (
    <div className="screen" data-testid="screen-outbox">
      <Card
        title={t('outbox:lead')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
            {t('common:actions.refresh')}
          </Button>
        }
      >
        <OneLineTable<OutboxMessage>
          rowKey="id"
          loading={outbox.isPending || (outbox.isFetching && outbox.isPlaceholderData)}
          dataSource={outbox.data?.items ?? []}
          locale={{ emptyText: <Empty description={t('outbox:empty')} /> }}
          pagination={{
            current: page,
            pageSize,
            total: outbox.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('outbox:total', { total }),
            onChange: (next) => update({ page: next === 1 ? null : String(next), message: null }),
          }}
          columns={[
            {
              key: 'createdAt',
              title: t('outbox:columns.createdAt'),
              dataIndex: 'createdAt',
              width: 190,
              render: (value: string) => formatDate(value),
            },
            { key: 'to', title: t('outbox:columns.to'), dataIndex: 'to' },
            { key: 'subject', title: t('outbox:columns.subject'), dataIndex: 'subject' },
            {
              key: 'status',
              title: t('outbox:columns.status'),
              width: 130,
              render: (_, row) =>
                row.sentAt ? (
                  <Tag icon={<CheckCircleOutlined />}>{t('outbox:sent')}</Tag>
                ) : (
                  <Tag icon={<ClockCircleOutlined />}>{t('outbox:pending')}</Tag>
                ),
            },
            {
              key: 'open',
              title: t('outbox:columns.actions'),
              width: 110,
              render: (_, row) => (
                <Button
                  size="small"
                  icon={<MailOutlined />}
                  onClick={() => update({ message: row.id })}
                  aria-label={t('outbox:readAria', { subject: row.subject })}
                >
                  {t('outbox:read')}
                </Button>
              ),
            },
          ]}
        />
      </Card>

      <Drawer
        open={Boolean(open)}
        onClose={() => update({ message: null })}
        title={open?.subject}
        size={560}
        destroyOnHidden
      >
        {open && (
          <div data-testid="outbox-message">
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'to', label: t('outbox:columns.to'), children: open.to },
                { key: 'created', label: t('outbox:columns.createdAt'), children: formatDate(open.createdAt) },
                {
                  key: 'sent',
                  label: t('outbox:columns.sentAt'),
                  children: open.sentAt ? formatDate(open.sentAt) : t('outbox:pending'),
                },
              ]}
            />
            <pre className="outbox-text">{linkify(open.text)}</pre>
          </div>
        )}
      </Drawer>
    </div>
  );
}
