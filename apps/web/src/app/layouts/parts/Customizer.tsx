import { SettingOutlined } from '@ant-design/icons';
import { Button, Drawer, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLayout, setMenuCollapsed, setMenuHidden, setSkin, usePreferences } from '../../../shared/preferences';
import { LayoutSwitcher, SkinChoice } from '../../../shared/ui/LayoutSwitcher';

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
            <SkinChoice value={prefs.skin} layout={prefs.layout} onChange={setSkin} labelledBy="customizer-skin" />
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
