import type { EditScope } from '@gym/contract/classes';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StackedForm } from '../../../shared/ui/StackedForm';
import { type ClassListItem, useCancelClass } from '../api';
import { classErrorMessage } from '../classErrors';
import { useClassDay } from './ClassParts';

export type CancelTarget = Pick<
  ClassListItem,
  'id' | 'seriesId' | 'date' | 'startTime' | 'type' | 'booked' | 'waitlisted' | 'room'
>;

/**
 * Cancels a class (or the rest of its series) after saying what follows: the booked and waiting
 * members are told by e-mail and their credits come back. The answer says how many.
 */
export function CancelClassDialog({ target, onClose }: { target: CancelTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const day = useClassDay();
  const cancel = useCancelClass();
  const [scope, setScope] = useState<EditScope>('one');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setScope('one');
    setReason('');
    setError(null);
    onClose();
  };

  const submit = () => {
    if (!target) return;
    setError(null);
    cancel.mutate(
      { id: target.id, scope, reason: reason.trim() || null },
      {
        onSuccess: (answer) => {
          close();
          modal.success({
            title: t('classes:cancelClass.done', { count: answer.cancelledClasses }),
            content: (
              <span data-testid="cancel-class-answer">
                {t('classes:cancelClass.doneText', {
                  members: answer.cancelledBookings,
                  credits: answer.creditsReturned,
                })}
              </span>
            ),
            okText: t('classes:close'),
          });
        },
        onError: (e) => setError(classErrorMessage(t, e)),
      },
    );
  };

  const members = (target?.booked ?? 0) + (target?.waitlisted ?? 0);
  return (
    <Modal
      open={Boolean(target)}
      onCancel={close}
      destroyOnHidden
      title={
        target
          ? t('classes:cancelClass.title', { type: target.type.name, day: day(target.date), time: target.startTime })
          : ''
      }
      okText={t('classes:cancelClass.submit')}
      okButtonProps={{ danger: true, 'data-testid': 'cancel-class-submit' }}
      cancelText={t('classes:keep')}
      confirmLoading={cancel.isPending}
      onOk={submit}
      data-testid="cancel-class-dialog"
    >
      <Alert
        type={members > 0 ? 'warning' : 'info'}
        showIcon
        title={members > 0 ? t('classes:cancelClass.notify', { count: members }) : t('classes:cancelClass.nobody')}
        description={members > 0 ? t('classes:cancelClass.credits') : undefined}
        data-testid="cancel-class-notice"
      />
      <StackedForm className="class-dialog__form">
        {target?.seriesId && (
          <Form.Item label={t('classes:scope.label')}>
            <Radio.Group
              value={scope}
              onChange={(event) => setScope(event.target.value as EditScope)}
              options={(['one', 'following', 'all'] as const).map((s) => ({
                value: s,
                label: t(`classes:scope.${s}`),
              }))}
              data-testid="cancel-class-scope"
            />
          </Form.Item>
        )}
        <Form.Item label={t('classes:cancelClass.reason')} extra={t('classes:cancelClass.reasonHelp')}>
          <Input
            value={reason}
            maxLength={300}
            onChange={(event) => setReason(event.target.value)}
            data-testid="cancel-class-reason"
          />
        </Form.Item>
      </StackedForm>
      {error && <Alert type="error" showIcon title={error} data-testid="cancel-class-error" />}
    </Modal>
  );
}
