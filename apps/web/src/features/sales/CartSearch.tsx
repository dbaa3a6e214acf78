import { PlusOutlined } from '@ant-design/icons';
import { SALE_ITEM_TYPES, type SaleItemType } from '@gym/contract/sales';
import { App, Button, Input, List, Select, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { MoneyText } from '../../shared/ui/MoneyText';
import { type CatalogueItem, productByBarcode, useCatalogue } from './api';
import { looksLikeScan } from './plan';

/**
 * The cart's search: a kind of item and its name, or a barcode scanned with a keyboard-wedge scanner
 * (a fast burst of digits and Enter looks the product up). Enter adds the first match.
 */
export function CartSearch({ onAdd }: { onAdd: (type: SaleItemType, item: CatalogueItem) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [kind, setKind] = useState<SaleItemType>('product');
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const started = useRef<number | null>(null);
  const items = useCatalogue(kind, keyword);

  const add = (item: CatalogueItem) => {
    onAdd(kind, item);
    setText('');
    setKeyword('');
  };

  const enter = async () => {
    const typed = text.trim();
    const elapsed = started.current === null ? Number.POSITIVE_INFINITY : performance.now() - started.current;
    started.current = null;
    if (looksLikeScan(typed, elapsed) || (/^\d{8,14}$/.test(typed) && kind === 'product')) {
      try {
        const product = await productByBarcode(typed);
        onAdd('product', product);
        setText('');
        setKeyword('');
        return;
      } catch (error) {
        if (!(isApiError(error) && error.status === 404)) {
          void message.error(apiErrorMessage(t, error));
          return;
        }
        if (looksLikeScan(typed, elapsed)) {
          void message.warning(t('sales:cart.barcodeUnknown', { code: typed }));
          setText('');
          return;
        }
      }
    }
    const first = items.data?.[0];
    if (first && keyword === typed) add(first);
    else setKeyword(typed);
  };

  return (
    // Enter here adds what was scanned or found; it does not complete the sale.
    <div className="cart-search" data-testid="cart-search" data-own-enter>
      <Space.Compact block>
        <Select
          value={kind}
          onChange={(v: SaleItemType) => setKind(v)}
          options={SALE_ITEM_TYPES.map((k) => ({ value: k, label: t(`sales:itemTypes.${k}`) }))}
          aria-label={t('sales:cart.kind')}
          style={{ minWidth: 150 }}
          data-testid="cart-kind"
        />
        <Input
          id="cart-search-input"
          value={text}
          autoComplete="off"
          placeholder={t('sales:cart.searchPlaceholder')}
          aria-label={t('sales:cart.search')}
          onChange={(e) => {
            if (!text) started.current = performance.now();
            setText(e.target.value);
            if (!/^\d+$/.test(e.target.value)) setKeyword(e.target.value.trim());
          }}
          onPressEnter={(e) => {
            e.preventDefault();
            void enter();
          }}
          data-testid="cart-search-input"
          // The screen's first field: the focus is here when it opens, ready for a scan.
          data-page-focus
        />
      </Space.Compact>
      {items.isError ? (
        <Typography.Text type="danger" data-testid="catalogue-error">
          {apiErrorMessage(t, items.error)}
        </Typography.Text>
      ) : (
        keyword && (
          <List
            size="small"
            className="cart-search__results"
            loading={items.isFetching}
            dataSource={items.data ?? []}
            locale={{ emptyText: t('sales:cart.noMatch') }}
            renderItem={(item) => (
              <List.Item
                actions={[
                  <Button key="add" size="small" icon={<PlusOutlined />} onClick={() => add(item)}>
                    {t('sales:cart.add')}
                  </Button>,
                ]}
              >
                <span>{item.name}</span> <MoneyText value={item.priceMinor} />
              </List.Item>
            )}
          />
        )
      )}
    </div>
  );
}
