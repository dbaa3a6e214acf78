import { SettingOutlined } from '@ant-design/icons';
import { SKINS } from '@gym/contract/constants';
import { Button, Drawer, Radio, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLayout, setMenuCollapsed, setMenuHidden, setSkin, usePreferences } from '../../../shared/preferences';
import { LayoutSwitcher } from '../../../shared/ui/LayoutSwitcher';
import { isSkin } from './SkinSwitcher';

/** The navbar customiser: layout, skin, menu collapsed and menu hidden. */
export function Customizer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const prefs = usePreferences();
  return (
    <>
      <Button
        type="text"
        icon={<SettingOutlined />}
        onClick={() => setOpen(true)}
        data-testid="customizer-toggle"
        aria-label={t('common:customizer.title')}
        title={t('common:customizer.title')}
      />
      <Drawer
        title={t('common:customizer.title')}
        open={open}
        onClose={() => setOpen(false)}
        size={320}
        destroyOnHidden
        data-testid="customizer"
      >
        <div className="customizer">
          <section className="customizer__section">
            <h3 className="customizer__heading" id="customizer-layout">
              {t('common:layout.label')}
            </h3>
            <LayoutSwitcher value={prefs.layout} onChange={(layout) => setLayout(layout)} />
          </section>
          <section className="customizer__section">
            <h3 className="customizer__heading" id="customizer-skin">
              {t('common:skin.label')}
            </h3>
            <Radio.Group
              data-testid="skin-switcher"
              aria-labelledby="customizer-skin"
              value={prefs.skin}
              onChange={(event) => {
                const value = String(event.target.value);
                if (isSkin(value)) setSkin(value);
              }}
              options={SKINS.map((skin) => ({
                value: skin,
                label: t(`common:skin.${skin}`),
                disabled: skin === 'semi-dark' && prefs.layout === 'horizontal',
              }))}
            />
          </section>
          <section className="customizer__section">
            <h3 className="customizer__heading">{t('common:customizer.menu')}</h3>
            <label className="customizer__switch" htmlFor="customizer-menu-collapsed">
              <span>{t('common:customizer.menuCollapsed')}</span>
              <Switch
                id="customizer-menu-collapsed"
                checked={prefs.menuCollapsed}
                disabled={prefs.layout === 'horizontal'}
                onChange={(checked) => setMenuCollapsed(checked)}
              />
            </label>
            <label className="customizer__switch" htmlFor="customizer-menu-hidden">
              <span>{t('common:customizer.menuHidden')}</span>
              <Switch
                id="customizer-menu-hidden"
                checked={prefs.menuHidden}
                onChange={(checked) => setMenuHidden(checked)}
              />
            </label>
          </section>
        </div>
      </Drawer>
    </>
  );
}
