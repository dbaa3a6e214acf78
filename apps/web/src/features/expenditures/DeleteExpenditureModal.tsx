import { deleteExpenditureSchema } from '@gym/contract/expenditures';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { StackedForm } from '../../shared/ui/StackedForm';
import { type Expenditure, useDeleteExpenditure } from './api';

/** Deleting asks why: the reason goes to the audit log with the amounts. */
export function DeleteExpenditureModal({ target, onClose }: { target: Expenditure | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const remove = useDeleteExpenditure();

  return (
    <Modal
      open={Boolean(target)}
      title={t('expenditures:delete.title')}
      okText={t('expenditures:delete.confirm')}
      okButtonProps={{ danger: true, loading: remove.isPending, 'data-testid': 'expenditure-delete-confirm' }}
      cancelText={t('expenditures:cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {target && (
        <StackedForm
          form={form}
          onFinish={(values) =>
            remove.mutate(
              { id: target.id, reason: values.reason.trim() },
              {
                onSuccess: () => {
                  void message.success(t('expenditures:delete.done'));
                  onClose();
                },
                onError: (error) => void message.error(apiErrorMessage(t, error)),
              },
            )
          }
        >
          <p>{t('expenditures:delete.text')}</p>
          <Form.Item
            label={t('expenditures:delete.reason')}
            name="reason"
            rules={[requiredRule(t), schemaRule(deleteExpenditureSchema.shape.reason, t)]}
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 4 }}
              maxLength={500}
              data-testid="expenditure-delete-reason"
            />
          </Form.Item>
        </StackedForm>
      )}
    </Modal>
  );
}
