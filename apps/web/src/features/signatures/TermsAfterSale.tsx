import './signatures.css';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { SendAgreement } from './SendAgreement';

/**
 * The end of a membership sale: the membership terms can be sent to sign at once (by link or to a
 * desk tablet), folded until asked for. Nothing for staff who may not send agreements.
 */
export function TermsAfterSale({ memberId, language }: { memberId: string; language: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!useAbility().can('create', 'Signature')) return null;
  return (
    <Card size="small" className="terms-after-sale" data-testid="sale-send-terms">
      {open ? (
        <>
          <Typography.Paragraph>{t('signatures:sale.afterText')}</Typography.Paragraph>
          <SendAgreement memberId={memberId} language={language} kind="membership_terms" />
        </>
      ) : (
        <Button onClick={() => setOpen(true)} data-testid="sale-send-terms-open">
          {t('signatures:sale.afterTitle')}
        </Button>
      )}
    </Card>
  );
}
