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
        // The desk's `S` key on a member file presses it (and `N` the new sale's).
        data-shortcut="s"
        aria-keyshortcuts="S"
      >
        {t('sales:member.sellMembership')}
      </ButtonLink>
      <ButtonLink
        icon={<ShoppingCartOutlined />}
        to={`/apps/member/${memberId}/invoice/add`}
        data-testid="new-sale"
        data-shortcut="n"
        aria-keyshortcuts="N"
      >
        {t('sales:member.newSale')}
      </ButtonLink>
    </Space>
  );
}
