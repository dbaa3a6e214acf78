/**
 * The create / edit drawer of a list's item: a title, the form, and save / cancel in the footer
 * (in view however long the form is). While the item is being saved the form is disabled and
 * save spins; the server's refusals go beside their fields (`useDrawerSave`), the rest into a
 * message. Enter in a field submits (a hidden submit button), Escape closes.
 */
import { App, Button, Drawer, type DrawerProps, type Form, type FormInstance, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../api/errorMessages';
import { StackedForm } from './StackedForm';

interface FrameProps {
  open: boolean;
  title: ReactNode;
  /** Saving: save spins (and, with `saveFirst`, cancel waits). */
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** Default "Save" / "Cancel". */
  submitLabel?: ReactNode;
  cancelLabel?: ReactNode;
  submitTestId?: string;
  /** Default 560 px. */
  size?: DrawerProps['size'];
  testId?: string;
  /** Save before cancel, cancel disabled while saving, and a click beside the drawer does not close it (long forms). */
  saveFirst?: boolean;
  afterOpenChange?: DrawerProps['afterOpenChange'];
  children: ReactNode;
}

/** The drawer and its footer, for a form of its own (`EntityDrawer` brings the form). */
export function DrawerFrame({
  open,
  title,
  busy,
  onClose,
  onSubmit,
  submitLabel,
  cancelLabel,
  submitTestId,
  size = 560,
  testId,
  saveFirst = false,
  afterOpenChange,
  children,
}: FrameProps) {
  const { t } = useTranslation();
  const cancel = (
    <Button key="cancel" onClick={onClose} {...(saveFirst ? { disabled: busy } : {})}>
      {cancelLabel ?? t('members:table.kit.cancel')}
    </Button>
  );
  const submit = (
    <Button
      key="submit"
      type="primary"
      loading={busy}
      onClick={onSubmit}
      {...(submitTestId ? { 'data-testid': submitTestId } : {})}
    >
      {submitLabel ?? t('common:actions.save')}
    </Button>
  );
  return (
    <Drawer
      open={open}
      onClose={saveFirst ? () => !busy && onClose() : onClose}
      title={title}
      size={size}
      destroyOnHidden
      {...(saveFirst ? { mask: { closable: false } } : {})}
      {...(afterOpenChange ? { afterOpenChange } : {})}
      {...(testId ? { 'data-testid': testId } : {})}
      footer={
        <Space className={saveFirst ? 'form-footer' : undefined}>
          {saveFirst ? [submit, cancel] : [cancel, submit]}
        </Space>
      }
    >
      {open && children}
    </Drawer>
  );
}

interface EntityDrawerProps<V> extends Omit<FrameProps, 'onSubmit'> {
  form: FormInstance<V>;
  /** The form's name (the prefix of its fields' ids). */
  name: string;
  initialValues: Partial<V>;
  onFinish: (values: V) => void;
  /** A client-side refusal scrolls to its field and focuses it. */
  scrollToFirstError?: boolean;
  onValuesChange?: (changed: Partial<V>, all: V) => void;
}

/** A drawer with a vertical form: the item's fields are its children. */
export function EntityDrawer<V>({
  form,
  name,
  initialValues,
  onFinish,
  scrollToFirstError,
  onValuesChange,
  busy,
  children,
  ...frame
}: EntityDrawerProps<V>) {
  return (
    <DrawerFrame {...frame} busy={busy} onSubmit={() => form.submit()}>
      <StackedForm<V>
        enterSubmits
        form={form}
        name={name}
        disabled={busy}
        // antd's own store type: the form's values, any of them left out.
        initialValues={initialValues as Parameters<typeof Form<V>>[0]['initialValues']}
        {...(scrollToFirstError ? { scrollToFirstError: { block: 'center', focus: true } } : {})}
        {...(onValuesChange ? { onValuesChange } : {})}
        onFinish={onFinish}
      >
        {children}
      </StackedForm>
    </DrawerFrame>
  );
}

/**
 * What a drawer does when its save answers: on success a message and close; on a refusal the
 * fields it names are marked (`showOnFields` answers whether it marked any), else a message says it.
 */
export function useDrawerSave(options: {
  saved: string;
  onClose: () => void;
  showOnFields?: (error: unknown) => boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return {
    onSuccess: () => {
      void message.success(options.saved);
      options.onClose();
    },
    onError: (error: unknown) => {
      if (!options.showOnFields?.(error)) void message.error(apiErrorMessage(t, error));
    },
  };
}
