import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** Why a sale or what it gave is changed (a void, a refund, a freeze, ...): 3 to 300 characters, required unless told. */
export function ActionReasonField({ required = true }: { required?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t('sales:fields.reason')}
      rules={
        required
          ? [
              { required: true, whitespace: true, message: t('sales:fieldErrors.reason_required') },
              { min: 3, message: t('errors:validation.minLength', { min: 3 }) },
            ]
          : []
      }
    >
      <Input.TextArea maxLength={300} autoSize={{ minRows: 2 }} />
    </Form.Item>
  );
}
