/**
 * The offers running today at the sale's centre, beside the cart: staff read the promotion to the
 * member and "Apply" puts its items in the cart (with their quantities) and its coupon in the coupon field.
 */
import { GiftOutlined } from '@ant-design/icons';
import type { Offer } from '@gym/contract/retail';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { type CatalogueItem, catalogueItem, useCurrentOffers } from './api';

export interface AppliedOffer {
  items: { type: Offer['cart'][number]['type']; item: CatalogueItem; quantity: number }[];
  couponCode: string | null;
}

export function OffersPanel({ centerId, onApply }: { centerId?: string; onApply: (offer: AppliedOffer) => void }) {
  const { t } = useTranslation();
  const offers = useCurrentOffers(centerId);
  const [applying, setApplying] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (offers.isError)
    return (
      <Alert
        type="warning"
        showIcon
        className="sale-offers"
        title={t('sales:offers.loadFailed')}
        data-testid="offers-error"
      />
    );
  if (!offers.data || offers.data.length === 0) return null;

  const apply = async (offer: Offer) => {
    setApplying(offer.id);
    setFailure(null);
    try {
      const items = await Promise.all(
        offer.cart.map(async (c) => ({ type: c.type, item: await catalogueItem(c.type, c.id), quantity: c.quantity })),
      );
      onApply({ items, couponCode: offer.coupon?.code ?? null });
    } catch (error) {
      setFailure(t('sales:offers.applyFailed', { title: offer.title, reason: apiErrorMessage(t, error) }));
    } finally {
      setApplying(null);
    }
  };

  return (
    <Card
      size="small"
      className="sale-offers"
      data-testid="sale-offers"
      title={
        <Space>
          <GiftOutlined aria-hidden />
          {t('sales:offers.title')}
        </Space>
      }
    >
      {failure && <Alert type="error" showIcon title={failure} data-testid="offer-apply-error" />}
      <ul className="sale-offers__list">
        {offers.data.map((offer) => (
          <li key={offer.id} className="sale-offers__item" data-testid="sale-offer">
            {offer.image && <img src={offer.image} alt="" className="sale-offers__image" />}
            <div className="sale-offers__text">
              <Typography.Text strong>{offer.title}</Typography.Text>
              {offer.body && <Typography.Paragraph type="secondary">{offer.body}</Typography.Paragraph>}
              {offer.coupon && (
                <Typography.Text type="secondary">
                  {t('sales:offers.coupon')} <span className="mono">{offer.coupon.code}</span>
                </Typography.Text>
              )}
            </div>
            {(offer.cart.length > 0 || offer.coupon) && (
              <Button
                onClick={() => void apply(offer)}
                loading={applying === offer.id}
                disabled={applying !== null && applying !== offer.id}
                aria-label={t('sales:offers.applyOf', { title: offer.title })}
                data-testid="offer-apply"
              >
                {t('sales:offers.apply')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
