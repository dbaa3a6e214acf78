/**
 * "Attach card" from an unknown card's toast: the card tapped is attached to the member the desk
 * finds by the member search (`POST /pro/students/{id}/cards`). A member's active card, if any, is
 * replaced and kept in their history, as on the member file.
 */
import type { Card } from '@gym/contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, type RefSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../shared/api/client';
import { apiErrorMessage, fieldErrorMessage } from '../../shared/api/errorMessages';
import { StackedForm } from '../../shared/ui/StackedForm';
import { useFocusWhenOpen } from '../../shared/ui/useFocusWhenOpen';
import { MemberPicker, type PickedMember } from '../classes/components/MemberPicker';
import { memberKeys } from '../members/api';

export default function AttachCardDialog({ card, onClose }: { card: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ member: PickedMember | null }>();
  const picker = useFocusWhenOpen<RefSelectProps>();
  const attach = useMutation({
    mutationFn: (memberId: string) => api.post<Card>(`/pro/students/${memberId}/cards`, { number: card }),
    onSuccess: (_card, memberId) => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(memberId) });
      void queryClient.invalidateQueries({ queryKey: memberKeys.lists() });
    },
  });
  return (
    <Modal
      open
      title={t('door:attach.title', { card })}
      okText={t('door:attach.submit')}
      cancelText={t('door:attach.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={attach.isPending}
      okButtonProps={{ 'data-testid': 'attach-card-submit' }}
      afterOpenChange={picker.afterOpenChange}
      destroyOnHidden
      data-testid="attach-card-dialog"
    >
      <p>{t('door:attach.text')}</p>
      <StackedForm
        form={form}
        onFinish={({ member }) => {
          if (!member) return;
          attach.mutate(member.id, {
            onSuccess: () => {
              void message.success(t('members:cards.attached', { number: card }));
              onClose();
            },
            onError: (error) => {
              const field = isApiError(error) ? error.fields?.[0] : undefined;
              form.setFields([
                { name: 'member', errors: [field ? fieldErrorMessage(t, field.code) : apiErrorMessage(t, error)] },
              ]);
            },
          });
        }}
      >
        <Form.Item
          name="member"
          label={t('door:attach.member')}
          extra={t('members:cards.replaceHint')}
          rules={[{ required: true, message: t('door:attach.memberRequired') }]}
        >
          <MemberPicker id="attach-card-member" testId="attach-card-member" selectRef={picker.ref} autoFocus />
        </Form.Item>
      </StackedForm>
    </Modal>
  );
}
