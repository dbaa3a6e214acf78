import { PlusOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/ui/ButtonLink';

/** "Sell membership" and "New sale" for the member header. */
export function SellButtons({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
