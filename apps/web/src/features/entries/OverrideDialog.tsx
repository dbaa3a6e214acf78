import { entryOverrideRequestSchema } from '@gym/contract/entries';
import { App, Form, Input, type InputRef, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, applyFieldErrors, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { StackedForm } from '../../shared/ui/StackedForm';
import { useFocusWhenOpen } from '../../shared/ui/useFocusWhenOpen';
import { type Entry, useOverrideEntry } from './api';
import { EntryDetail, EntryMember } from './EntryParts';

export interface OverrideTarget {
  id: string;
  /** The denied entry, when the screen has it (a link from the toast may name one it has not loaded). */
  entry?: Entry | undefined;
}

/** "Let in": a denied member goes in anyway, with the reason staff give (recorded with who and why). */
export function OverrideDialog({ target, onClose }: { target: OverrideTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const override = useOverrideEntry();
  const reason = useFocusWhenOpen<InputRef>();

  return (
    <Modal
      open={Boolean(target)}
      title={t('entries:override.title')}
      okText={t('entries:override.confirm')}
      okButtonProps={{ loading: override.isPending, 'data-testid': 'entry-override-confirm' }}
      cancelText={t('entries:override.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterOpenChange={reason.afterOpenChange}
      destroyOnHidden
      data-testid="entry-override-dialog"
    >
      {target && (
        <StackedForm
          form={form}
          name="entry-override"
          onFinish={(values) =>
            override.mutate(
              { id: target.id, reason: values.reason.trim() },
              {
                onSuccess: () => {
                  void message.success(t('entries:override.done'));
                  onClose();
                },
                onError: (error) => {
                  if (!applyFieldErrors(form, error, t, ['reason'])) void message.error(apiErrorMessage(t, error));
                },
              },
            )
          }
        >
          {target.entry ? (
            <p data-testid="entry-override-who">
              <EntryMember entry={target.entry} /> — <EntryDetail entry={target.entry} />
            </p>
          ) : (
            <p>{t('entries:override.text')}</p>
          )}
          <Form.Item
            label={t('entries:override.reason')}
            name="reason"
            rules={[requiredRule(t), schemaRule(entryOverrideRequestSchema.shape.reason, t)]}
          >
            {/* One line: Enter lets the member in, as the OK button does. */}
            <Input ref={reason.ref} autoFocus maxLength={300} data-testid="entry-override-reason" />
          </Form.Item>
        </StackedForm>
      )}
    </Modal>
  );
}
