import { LinkOutlined } from '@ant-design/icons';
import type { Member } from '@gym/contract/members';
import { Alert, Button, Card, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/errorMessages';
import { useIssueCardLink } from '../api';
import { useFormatters } from '../format';

/**
 * A single-use link the member opens on their phone to link a card themselves. Staff show the QR
 * code at the desk or copy the address into a message.
 */
export function CardLinkPanel({ member }: { member: Member }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const issue = useIssueCardLink(member.id);
  const link = issue.data;

  return (
    <Card size="small" title={t('members:cardLink.title')} className="member-section" data-testid="card-link">
      <p className="field-hint">{t('members:cardLink.lead')}</p>
      <Button
        icon={<LinkOutlined />}
        onClick={() => issue.mutate()}
        loading={issue.isPending}
        data-testid="card-link-issue"
      >
        {link ? t('members:cardLink.again') : t('members:cardLink.issue')}
      </Button>
      {issue.isError && (
        <Alert type="error" showIcon role="alert" className="form-alert" title={apiErrorMessage(t, issue.error)} />
      )}
      {link && (
        <Space align="start" wrap size="large" className="card-link__result">
          <QRCode value={link.url} size={144} bordered={false} type="svg" aria-label={t('members:cardLink.qr')} />
          <Space orientation="vertical" size="small">
            <Typography.Text
              copyable={{ text: link.url, tooltips: [t('members:cardLink.copy'), t('members:cardLink.copied')] }}
              className="card-link__url"
              data-testid="card-link-url"
            >
              {link.url}
            </Typography.Text>
            <span className="field-hint">
              {t('members:cardLink.expires', { when: format.dateTime(link.expiresAt) })}
            </span>
          </Space>
        </Space>
      )}
    </Card>
  );
}
