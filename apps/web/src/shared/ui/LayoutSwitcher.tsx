import { LAYOUTS, type LayoutType, SKINS, type Skin } from '@gym/contract/constants';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  value: LayoutType;
  onChange: (layout: LayoutType) => void;
  id?: string;
  disabled?: boolean;
}

/** Vertical (side menu) or horizontal (top menu) layout, `data-testid="layout-switcher"`. */
export function LayoutSwitcher({ value, onChange, id, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <div data-testid="layout-switcher" data-layout={value}>
      <Radio.Group
        id={id}
        value={value}
        disabled={disabled}
        optionType="button"
        buttonStyle="solid"
        aria-label={t('common:layout.label')}
        onChange={(event) => onChange(event.target.value as LayoutType)}
        options={LAYOUTS.map((layout) => ({ value: layout, label: t(`common:layout.${layout}`) }))}
      />
    </div>
  );
}

/**
 * The skins, `data-testid="skin-switcher"`; semi-dark (a dark side menu) is off with the
 * horizontal layout, which has no side menu.
 */
export function SkinChoice({
  value,
  layout,
  onChange,
  id,
  labelledBy,
}: {
  value: Skin;
  layout: LayoutType;
  onChange: (skin: Skin) => void;
  id?: string;
  labelledBy: string;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      id={id}
      data-testid="skin-switcher"
      aria-labelledby={labelledBy}
      value={value}
      onChange={(event) => onChange(event.target.value as Skin)}
      options={SKINS.map((skin) => ({
        value: skin,
        label: t(`common:skin.${skin}`),
        disabled: skin === 'semi-dark' && layout === 'horizontal',
      }))}
    />
  );
}
