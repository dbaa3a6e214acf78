import { PlusOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/ui/ButtonLink';

/** "Sell membership" and "New sale" for the member header. */
export function SellButtons({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <ButtonLink
        type="primary"
        icon={<PlusOutlined />}
        to={`/apps/member/${memberId}/membership/add`}
        data-testid="sell-membership"
      >
        {t('sales:member.sellMembership')}
      </ButtonLink>
      <ButtonLink icon={<ShoppingCartOutlined />} to={`/apps/member/${memberId}/invoice/add`} data-testid="new-sale">
        {t('sales:member.newSale')}
      </ButtonLink>
    </Space>
  );
}
