import type { SaleItemType } from '@gym/contract/sales';
import { Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { MoneyText } from '../../shared/ui/MoneyText';
import { type CatalogueItem, useCatalogue } from './api';

interface Props {
  kind: SaleItemType;
  value?: string | null;
  onChange?: (id: string | null) => void;
  onPick?: (item: CatalogueItem | null) => void;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  /** The screen's first field (the layout focuses it when the screen opens). */
  'data-page-focus'?: boolean;
}

/**
 * A searchable picker of one catalogue list; a list the server cannot give shows why instead of
 * options. It has no clear button: a sale's item is required (another is picked instead), and the
 * button sat in the Tab order right after the choice, where Enter cleared it.
 */
export function CataloguePicker({ kind, value, onChange, onPick, id, placeholder, ...rest }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const items = useCatalogue(kind, keyword);
  const options = (items.data ?? []).map((item) => ({
    value: item.id,
    item,
    label: (
      <span className="catalogue-option">
        <span>{item.name}</span> <MoneyText value={item.priceMinor} className="catalogue-option__price" />
      </span>
    ),
  }));
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value ?? null}
      placeholder={placeholder}
      loading={items.isFetching}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      data-page-focus={rest['data-page-focus'] || undefined}
      notFoundContent={
        items.isError ? (
          <Typography.Text type="danger" data-testid="catalogue-error">
            {apiErrorMessage(t, items.error)}
          </Typography.Text>
        ) : undefined
      }
      options={options}
      onChange={(next: string | null | undefined) => {
        onChange?.(next ?? null);
        onPick?.(options.find((o) => o.value === next)?.item ?? null);
      }}
      style={{ width: '100%' }}
    />
  );
}
