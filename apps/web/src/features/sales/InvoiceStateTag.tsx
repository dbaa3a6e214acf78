import type { InvoiceState } from '@gym/contract/sales';
import type { Tone } from '../../shared/ui/StatusTag';
import { tonedStateTag } from '../../shared/ui/StatusTag';

const TONE: Record<InvoiceState, Tone> = {
  issued: 'info',
  partly_paid: 'warning',
  paid: 'success',
  void: 'neutral',
  partly_refunded: 'accent',
  refunded: 'neutral',
};

export const InvoiceStateTag = tonedStateTag(TONE, {
  label: (state) => `sales:states.${state}`,
  testId: 'invoice-state',
});
