import { BgColorsOutlined } from '@ant-design/icons';
import { SKINS, type Skin } from '@gym/contract/constants';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { setSkin, usePreferences } from '../../../shared/preferences';

export const isSkin = (value: string): value is Skin => (SKINS as readonly string[]).includes(value);

export function SkinSwitcher() {
  const { t } = useTranslation();
  const { skin, layout } = usePreferences();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [skin],
        items: SKINS.map((value) => ({
          key: value,
          label: t(`common:skin.${value}`),
          // Semi-dark colours the side menu; the top-menu layout has none.
          disabled: value === 'semi-dark' && layout === 'horizontal',
        })),
        onClick: ({ key }) => {
          if (isSkin(key)) setSkin(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<BgColorsOutlined />}
        data-testid="navbar-skin-switcher"
        data-skin={skin}
        aria-label={`${t('common:skin.label')}: ${t(`common:skin.${skin}`)}`}
        title={t('common:skin.label')}
      />
    </Dropdown>
  );
}
