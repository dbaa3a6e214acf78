import './shortcuts.css';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from './shortcuts';

/** Keys whose names are said in the screen's language (a German keyboard says "Eingabe"). */
const KEY_WORDS: Record<string, string> = {
  Esc: 'esc',
  Enter: 'enter',
  'Shift+Enter': 'shiftEnter',
  'Ctrl+K': 'ctrlK',
};

/** `?`: every keyboard shortcut of the desk, with what it does and where. */
export default function ShortcutHelpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('door:shortcuts.title')}
      onCancel={onClose}
      footer={null}
      data-testid="shortcut-help"
      className="shortcut-help"
    >
      <dl className="shortcut-help__list">
        {SHORTCUTS.map((s) => (
          <div key={s.id} className="shortcut-help__row" data-testid="shortcut-help-row" data-shortcut={s.id}>
            <dt>
              {s.keys.map((key, i) => (
                <span key={key}>
                  {i > 0 && <span className="shortcut-help__or"> {t('door:shortcuts.or')} </span>}
                  <kbd>{KEY_WORDS[key] ? t(`door:shortcuts.keys.${KEY_WORDS[key]}`) : key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(`door:shortcuts.actions.${s.id}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="field-hint">{t('door:shortcuts.notInFields')}</p>
    </Modal>
  );
}
