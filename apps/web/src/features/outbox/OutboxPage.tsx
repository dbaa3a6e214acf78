import { CheckCircleOutlined, ClockCircleOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable } from '../../shared/ui/ListTable';
import { useDateTime } from '../../shared/useDates';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { type OutboxMessage, useOutbox } from './api';
import { linkify } from './linkify';

const LIST: ListParamsConfig<'-createdAt', 'message'> = {
  sorts: ['-createdAt'],
  defaultSort: '-createdAt',
  filters: { message: true },
};

/** Development e-mail outbox: every message the product "sent", with reset links clickable. */
export default function OutboxPage() {
  const { t } = useTranslation();
  const list = useListParams(LIST);
  const openId = list.filters.message ?? null;
  const outbox = useOutbox(list.page, list.pageSize);
  const formatDate = useDateTime();
  // The page stays where it is when a message is opened or closed; turning the page closes it.
  const show = (message: string | null) => list.update({ page: list.page, filters: { message } });

  const open: OutboxMessage | undefined = outbox.data?.items.find((m) => m.id === openId);

  const columns: ListColumn<OutboxMessage>[] = [
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
          onClick={() => show(row.id)}
          aria-label={t('outbox:readAria', { subject: row.subject })}
        >
          {t('outbox:read')}
        </Button>
      ),
    },
  ];

  return (
    <div className="screen" data-testid="screen-outbox">
      <ListTable<OutboxMessage, '-createdAt', 'message'>
        list={list}
        sorts={LIST.sorts}
        result={outbox}
        columns={columns}
        toolbar={false}
        chooseColumns={false}
        sizeChanger={false}
        onPage={(page) => list.update({ page, filters: { message: null } })}
        card={{
          title: t('outbox:lead'),
          extra: (
            <Button icon={<ReloadOutlined />} onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
              {t('common:actions.refresh')}
            </Button>
          ),
        }}
        texts={{
          empty: t('outbox:empty'),
          noMatch: t('outbox:empty'),
          total: (total) => t('outbox:total', { total }),
        }}
      />

      <Drawer open={Boolean(open)} onClose={() => show(null)} title={open?.subject} size={560} destroyOnHidden>
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
