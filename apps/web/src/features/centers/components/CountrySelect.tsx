import { COUNTRY_CODES } from '@gym/contract/countries';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The country's name in the screen's language (the browser knows them all), or the code alone. */
function countryName(names: Intl.DisplayNames | null, code: string): string {
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** ISO 3166 country picker, names in the screen's language, sorted and searchable by name or code. */
export function CountrySelect(props: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  id?: string;
}) {
  const { i18n } = useTranslation();
  const options = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      names = null;
    }
    const collator = new Intl.Collator(i18n.language);
    return COUNTRY_CODES.map((code) => ({ value: code, label: `${countryName(names, code)} (${code})` })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [i18n.language]);
  return (
    <Select
      {...props}
      value={props.value ?? undefined}
      onChange={(value) => props.onChange?.(value ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      virtual
      data-testid="center-country"
    />
  );
}
