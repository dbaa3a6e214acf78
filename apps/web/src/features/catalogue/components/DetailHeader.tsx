import { ArrowLeftOutlined, EditOutlined, PoweroffOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { StatusTag } from '../../../shared/ui/StatusTag';

/** The item's name and state, a way back to its list, and edit / (de)activate for those who may. */
export function DetailHeader({
  name,
  active,
  backTo,
  backLabel,
  canUpdate,
  onEdit,
  onToggle,
}: {
  name: string;
  active: boolean;
  backTo: string;
  backLabel: string;
  canUpdate: boolean;
  onEdit: () => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="catalogue-detail__header">
      <Space wrap align="center">
        <ButtonLink to={backTo} icon={<ArrowLeftOutlined />}>
          {backLabel}
        </ButtonLink>
        <Typography.Title level={2} style={{ margin: 0 }} data-testid="item-name">
          {name}
        </Typography.Title>
        {active ? (
          <StatusTag tone="success">{t('catalogue:status.active')}</StatusTag>
        ) : (
          <StatusTag tone="neutral">{t('catalogue:status.inactive')}</StatusTag>
        )}
      </Space>
      {canUpdate && (
        <Space wrap>
          <Button icon={<EditOutlined />} onClick={onEdit} data-testid="item-edit">
            {t('catalogue:edit')}
          </Button>
          <Button icon={<PoweroffOutlined />} onClick={onToggle} data-testid="item-toggle">
            {t(active ? 'catalogue:deactivate' : 'catalogue:activate')}
          </Button>
        </Space>
      )}
    </div>
  );
}
