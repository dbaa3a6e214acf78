import { MERGE_FIELDS, type Member, type MergeField } from '@gym/contract/members';
import { formatPhone } from '@gym/contract/phone';
import { Alert, App, Button, Drawer, Radio, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/errorMessages';
import { useIsDesktop } from '../../../shared/useMediaQuery';
import { useMergeMembers } from '../api';

interface Props {
  kept: Member;
  other: Member;
  onClose: () => void;
  onMerged: (member: Member) => void;
}

const shown = (m: Member, field: MergeField): string => {
  const value = m[field];
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'phone' || field === 'emergencyContactPhone') return formatPhone(String(value));
  if (field === 'photo') return '📷';
  return String(value);
};

/**
 * Merge two records of one person: for each field where they differ, staff pick the value to keep
 * (the kept record's by default). The kept record keeps its code; cards, groups and history move to it.
 */
export default function MergeDrawer({ kept, other, onClose, onMerged }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isDesktop = useIsDesktop();
  const merge = useMergeMembers(kept.id);
  const [fromOther, setFromOther] = useState<Set<MergeField>>(new Set());
  const differing = MERGE_FIELDS.filter((f) => shown(kept, f) !== shown(other, f));

  const choose = (field: MergeField, side: 'kept' | 'other') =>
    setFromOther((current) => {
      const next = new Set(current);
      if (side === 'other') next.add(field);
      else next.delete(field);
      return next;
    });

  return (
    <Drawer
      open
      onClose={onClose}
      title={t('members:merge.title')}
      size={isDesktop ? 720 : '100%'}
      data-testid="merge-drawer"
      footer={
        <Space>
          <Button
            type="primary"
            danger
            loading={merge.isPending}
            data-testid="merge-confirm"
            onClick={() =>
              merge.mutate(
                { otherId: other.id, takeFromOther: [...fromOther] },
                {
                  onSuccess: (member) => {
                    void message.success(t('members:merge.done', { code: member.code }));
                    onMerged(member);
                  },
                },
              )
            }
          >
            {t('members:merge.confirm', { kept: kept.code, other: other.code })}
          </Button>
          <Button onClick={onClose}>{t('members:actions.cancel')}</Button>
        </Space>
      }
    >
      <Space orientation="vertical" className="full-width">
        <Alert type="info" showIcon title={t('members:merge.lead', { kept: kept.code, other: other.code })} />
        {merge.isError && <Alert type="error" showIcon role="alert" title={apiErrorMessage(t, merge.error)} />}
        {differing.length === 0 ? (
          <p>{t('members:merge.same')}</p>
        ) : (
          <Table
            rowKey={(f) => f}
            size="small"
            pagination={false}
            dataSource={differing}
            columns={[
              { key: 'field', title: t('members:merge.field'), render: (_, f) => t(`members:fields.${f}`) },
              {
                key: 'value',
                title: t('members:merge.value', { kept: kept.code, other: other.code }),
                render: (_, f) => (
                  <Radio.Group
                    value={fromOther.has(f) ? 'other' : 'kept'}
                    onChange={(event) => choose(f, event.target.value)}
                    aria-label={t(`members:fields.${f}`)}
                    data-testid={`merge-field-${f}`}
                  >
                    <Space orientation="vertical">
                      <Radio value="kept">
                        <span className="mono">{kept.code}</span> · {shown(kept, f)}
                      </Radio>
                      <Radio value="other">
                        <span className="mono">{other.code}</span> · {shown(other, f)}
                      </Radio>
                    </Space>
                  </Radio.Group>
                ),
              },
            ]}
          />
        )}
      </Space>
    </Drawer>
  );
}
