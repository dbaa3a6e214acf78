import type { Invoice } from '@gym/contract/sales';
import { Alert, App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionReasonField } from '../ActionFields';
import { useVoid } from '../api';
import { placeSaleErrors } from '../saleErrors';

/** Void an invoice that has no payment, with a reason. */
export function VoidModal({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const voiding = useVoid(invoice.id);
  const [problems, setProblems] = useState<string[]>([]);
  const submit = async (values: { reason: string }) => {
    try {
      await voiding.mutateAsync({ reason: values.reason.trim() });
      void message.success(t('sales:actions.voided'));
      onClose();
    } catch (error) {
      setProblems(placeSaleErrors(form, error, t, (path) => (path === 'reason' ? 'reason' : null)));
    }
  };
  return (
    <Modal
      open
      title={t('sales:actions.voidTitle', { number: invoice.number })}
      okText={t('sales:actions.void')}
      okButtonProps={{ danger: true }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={voiding.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="invoice-void" onFinish={(v) => void submit(v)}>
        <ActionReasonField />
      </Form>
      {problems.length > 0 && <Alert type="error" showIcon title={problems.join(' ')} />}
    </Modal>
  );
}
