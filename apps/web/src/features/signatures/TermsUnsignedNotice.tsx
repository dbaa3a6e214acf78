import './signatures.css';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { SendAgreement } from './SendAgreement';

/**
 * A sale refused because the member has not signed the membership terms: says so, and sends the
 * terms in the member's language right here (by link or to a desk tablet); once signed, the sale is
 * completed again with the same button.
 */
export function TermsUnsignedNotice({ memberId, language }: { memberId: string; language: string }) {
  const { t } = useTranslation();
  const canSend = useAbility().can('create', 'Signature');
  return (
    <Alert
      type="warning"
      showIcon
      className="terms-unsigned"
      data-testid="sale-terms-unsigned"
      message={t('signatures:sale.title')}
      description={
        <>
          <p>{t(canSend ? 'signatures:sale.text' : 'signatures:sale.textNoSend')}</p>
          {canSend ? <SendAgreement memberId={memberId} language={language} kind="membership_terms" /> : null}
        </>
      }
    />
  );
}
