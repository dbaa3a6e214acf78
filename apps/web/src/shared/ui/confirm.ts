/**
 * Asking before a change: one dialog shape (the question, what follows, the action's word, cancel)
 * and the switch of an item between active and inactive, with or without asking first.
 */
import { App } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../api/errorMessages';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText: ReactNode;
  /** A red action button (for what takes something away). */
  danger?: boolean;
  /** The dialog stays open, its button spinning, until this settles. */
  onOk: () => Promise<unknown> | undefined;
}

/** Opens a confirm dialog with the shell's "Cancel". */
export function useConfirm() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return ({ title, content, okText, danger, onOk }: ConfirmOptions) =>
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: danger ? { danger: true } : {},
      cancelText: t('members:table.kit.cancel'),
      onOk,
    });
}

interface Switchable {
  id: string;
  active: boolean;
}

interface ToggleWords<T> {
  /** The message after the switch, by the state it switched to. */
  done: (active: boolean) => string;
  /** Ask first: the question by the state it would switch to, and what deactivating means. */
  ask?: { title: (row: T, active: boolean) => ReactNode; deactivateText: ReactNode };
}

/** Switches an item with `PATCH {active}`, asking first when `words.ask` says how. */
export function useToggleActive<T extends Switchable>(
  save: { mutateAsync: (input: { id: string; body: { active: boolean } }) => Promise<unknown> },
  words: ToggleWords<T>,
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const run = (row: T, active: boolean) =>
    save
      .mutateAsync({ id: row.id, body: { active } })
      .then(() => void message.success(words.done(active)))
      .catch((error: unknown) => void message.error(apiErrorMessage(t, error)));
  return (row: T) => {
    const active = !row.active;
    if (!words.ask) {
      void run(row, active);
      return;
    }
    confirm({
      title: words.ask.title(row, active),
      content: active ? undefined : words.ask.deactivateText,
      okText: t(active ? 'members:table.kit.activate' : 'members:table.kit.deactivate'),
      danger: !active,
      onOk: () => run(row, active),
    });
  };
}
