/** The add and edit dialogs of the content screens: the dialog, its save's answers, a row's delete button. */
import { DeleteOutlined } from '@ant-design/icons';
import type { FormInstance } from 'antd';
import { App, Modal } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { placeFieldErrors } from '../../shared/api/formErrors';
import { useConfirm } from '../../shared/ui/confirm';
import { RowAction } from '../../shared/ui/RowAction';
import { StackedForm } from '../../shared/ui/StackedForm';
import { contentFieldMessage } from './errors';

/** Puts a save's refusal beside its fields (`centerIds.0` on `centerIds`), else a toast. */
export function showSaveError(
  form: FormInstance,
  error: unknown,
  t: TFunction,
  fields: readonly string[],
  toast: (text: string) => void,
) {
  const { placed, rest } = placeFieldErrors(
    form,
    error,
    t,
    (path) => [...path.split('.')].reverse().find((p) => fields.includes(p)) ?? null,
    contentFieldMessage(t),
  );
  if (placed === 0) toast(rest[0] ?? apiErrorMessage(t, error));
}

/**
 * The add or edit dialog of a news item, a slide or an album: its title, its save button (busy
 * while saving, `submitTestId`) and its form, built only while open (a new item starts empty).
 */
export function ContentDialog<V extends object>({
  open,
  title,
  width,
  name,
  form,
  saving,
  submitTestId,
  enterSubmits,
  initialValues,
  onFinish,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  width?: number;
  name: string;
  form: FormInstance<V>;
  saving: boolean;
  submitTestId: string;
  enterSubmits?: boolean;
  initialValues: V;
  onFinish: (values: V) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      onCancel={onClose}
      okText={t('common:actions.save')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, 'data-testid': submitTestId }}
      cancelText={t('content:cancel')}
      destroyOnHidden
    >
      {open && (
        <StackedForm<V>
          enterSubmits={enterSubmits}
          form={form}
          name={name}
          disabled={saving}
          initialValues={initialValues}
          onFinish={onFinish}
        >
          {children}
        </StackedForm>
      )}
    </Modal>
  );
}

/** A save's answers: "saved" and then `onSaved`, or the refusal beside the form's fields. */
export function useSaveAnswers<R>(form: FormInstance, fields: readonly string[], onSaved: (saved: R) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return {
    onSuccess: (saved: R) => {
      void message.success(t('content:saved'));
      onSaved(saved);
    },
    onError: (error: unknown) => showSaveError(form, error, t, fields, (text) => void message.error(text)),
  };
}

/** The delete button of a row: asks (`confirmTitle`), then says whether it went. */
export function DeleteContentAction({
  name,
  confirmTitle,
  confirmText,
  onDelete,
}: {
  name: string;
  confirmTitle: string;
  confirmText?: string;
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  return (
    <RowAction
      icon={<DeleteOutlined />}
      danger
      onClick={() =>
        confirm({
          title: confirmTitle,
          ...(confirmText ? { content: confirmText } : {}),
          okText: t('content:delete'),
          danger: true,
          onOk: () =>
            onDelete().then(
              () => void message.success(t('content:deleted')),
              () => void message.error(t('content:deleteFailed')),
            ),
        })
      }
      label={t('content:delete')}
      ariaLabel={t('content:deleteAria', { name })}
    />
  );
}
