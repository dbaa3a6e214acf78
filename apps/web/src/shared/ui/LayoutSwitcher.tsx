import { LAYOUTS, type LayoutType } from '@gym/contract/constants';
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
