import { DeleteOutlined } from '@ant-design/icons';
import { minor } from '@gym/contract/money';
import type { BusinessDate } from '@gym/contract/time';
import { Button, DatePicker, InputNumber, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../shared/ui/MoneyInput';
import { MoneyText, moneyColumn } from '../../shared/ui/MoneyText';
import { type CartLine, grantsEntitlement, lineGross, lineTotal } from './cart';
import type { DiscountRights } from './discount';

interface Props {
  lines: CartLine[];
  today: BusinessDate;
  rights: DiscountRights;
  /** Why each line (by index) was refused, under its name. */
  perLine: Map<number, string[]>;
  onChange: (key: string, patch: Partial<CartLine>) => void;
  onRemove: (key: string) => void;
}

/**
 * The cart's lines: each item with its start date (a membership that starts on a chosen date), unit
 * price, quantity (one for an entitlement), manual discount (for staff who may give one, within
 * their cap), total and removal.
 */
export function CartLinesTable({ lines, today, rights, perLine, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const overCap = (line: CartLine) => line.discountMinor > rights.largest(lineGross(line));
  return (
    <Table<CartLine>
      size="small"
      rowKey="key"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={lines}
      data-testid="cart-lines"
      locale={{ emptyText: t('sales:cart.empty') }}
      columns={[
        {
          key: 'name',
          title: t('sales:cart.item'),
          render: (_: unknown, line, i) => (
            <div>
              <div>{line.name}</div>
              <Typography.Text type="secondary">{t(`sales:itemTypes.${line.itemType}`)}</Typography.Text>
              {line.chosenStart && (
                <div>
                  <DatePicker
                    size="small"
                    aria-label={t('sales:fields.startOn')}
                    value={line.startOn ? dayjs(line.startOn) : null}
                    disabledDate={(d) => d.format('YYYY-MM-DD') < today}
                    onChange={(d) => onChange(line.key, { startOn: d ? d.format('YYYY-MM-DD') : null })}
                  />
                </div>
              )}
              {perLine.get(i)?.map((m) => (
                <Typography.Text key={m} type="danger" className="cart-line__error" data-testid="cart-line-error">
                  {m}
                </Typography.Text>
              ))}
            </div>
          ),
        },
        moneyColumn('price', t('sales:cart.unitPrice'), (line) => line.unitPriceMinor),
        {
          key: 'quantity',
          title: t('sales:cart.quantity'),
          render: (_: unknown, line) => (
            <InputNumber
              min={1}
              max={1000}
              precision={0}
              value={line.quantity}
              disabled={grantsEntitlement(line.itemType)}
              aria-label={t('sales:cart.quantityOf', { name: line.name })}
              onChange={(v) => onChange(line.key, { quantity: typeof v === 'number' && v >= 1 ? v : 1 })}
              style={{ width: 80 }}
            />
          ),
        },
        ...(rights.canDiscount
          ? [
              {
                key: 'discount',
                title: t('sales:cart.discount'),
                render: (_: unknown, line: CartLine) => (
                  <div>
                    <MoneyInput
                      value={line.discountMinor}
                      max={rights.largest(lineGross(line))}
                      aria-label={t('sales:cart.discountOf', { name: line.name })}
                      aria-invalid={overCap(line) || undefined}
                      status={overCap(line) ? 'error' : undefined}
                      onChange={(v) => onChange(line.key, { discountMinor: minor(v ?? 0) })}
                      style={{ width: 130 }}
                      data-testid="cart-line-discount"
                    />
                    {overCap(line) && (
                      <Typography.Text type="danger" className="cart-line__error" data-testid="cart-line-error">
                        {lineGross(line) < line.discountMinor
                          ? t('sales:fieldErrors.discount_too_large')
                          : t('sales:discount.overCap', { percent: rights.capText })}
                      </Typography.Text>
                    )}
                  </div>
                ),
              },
            ]
          : []),
        {
          key: 'total',
          title: t('sales:cart.lineTotal'),
          align: 'right',
          render: (_: unknown, line) => <MoneyText value={lineTotal(line)} />,
        },
        {
          key: 'remove',
          title: t('sales:cart.remove'),
          render: (_: unknown, line) => (
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('sales:cart.removeOf', { name: line.name })}
              onClick={() => onRemove(line.key)}
            />
          ),
        },
      ]}
    />
  );
}
