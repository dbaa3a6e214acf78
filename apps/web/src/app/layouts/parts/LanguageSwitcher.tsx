import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@gym/contract/constants';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_ENDONYMS } from '../../../shared/i18n/languages';
import { setLanguage } from '../../../shared/preferences';

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const current: Language = isLanguage(lng) ? lng : 'en';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({
          key: language,
          label: <span lang={language}>{LANGUAGE_ENDONYMS[language]}</span>,
        })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void setLanguage(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        data-testid="language-switcher"
        aria-label={t('common:language.label')}
        title={t('common:language.label')}
      >
        {compact ? null : <span lang={current}>{LANGUAGE_ENDONYMS[current]}</span>}
      </Button>
    </Dropdown>
  );
}
