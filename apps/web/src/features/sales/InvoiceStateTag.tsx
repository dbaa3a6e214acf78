import type { InvoiceState } from '@gym/contract/sales';
import { useTranslation } from 'react-i18next';
import { StatusTag, type Tone } from '../../shared/ui/StatusTag';

const TONE: Record<InvoiceState, Tone> = {
  issued: 'info',
  partly_paid: 'warning',
  paid: 'success',
  void: 'neutral',
  partly_refunded: 'accent',
  refunded: 'neutral',
};

export function InvoiceStateTag({ state }: { state: InvoiceState }) {
  const { t } = useTranslation();
  return (
    <StatusTag tone={TONE[state]} testId="invoice-state">
      {t(`sales:states.${state}`)}
    </StatusTag>
  );
}
