/**
 * `/apps/member/:id/invoice/add`: a cart of any catalogue items for a member: search by name, or scan
 * a barcode with a keyboard-wedge scanner (a fast burst of digits and Enter in the search box looks
 * the product up), quantity, line discount (within the organisation's cap, or any with the
 * price-override permission; with one reason for the sale), a coupon checked as it is typed, then the
 * same deposit, installments and payment block as the membership sale, from the total the invoice
 * will have. The search box has the focus when the screen opens; Enter elsewhere completes the sale.
 */
import './sales.css';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { minor } from '@gym/contract/money';
import { type Invoice, SALE_ITEM_TYPES, type SaleItemType, type SaleRequest } from '@gym/contract/sales';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  List,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { useCentreToday } from '../../shared/today';
import { MoneyInput } from '../../shared/ui/MoneyInput';
import { MoneyText } from '../../shared/ui/MoneyText';
import { type CatalogueItem, productByBarcode, useCatalogue, useSell } from './api';
import { CouponField, useCouponCheck } from './CouponField';
import {
  addToCart,
  type CartLine,
  cartLinesRequest,
  grantsEntitlement,
  hasDiscount,
  lineGross,
  lineTotal,
} from './cart';
import { useDiscountRights } from './discount';
import { enterSubmits } from './enterSubmits';
import { type AppliedOffer, OffersPanel } from './OffersPanel';
import { PaymentPlanFields, PLAN_DEFAULTS } from './PaymentPlanFields';
import { looksLikeScan, type PlanValues, planProblem, planRequest } from './plan';
import { RETURN_PARAM, safeReturnPath } from './returnTo';
import { SaleMemberHeader } from './SaleMemberHeader';
import { ReasonField, SaleTotal, useSaleFinish } from './SaleParts';
import { SaleSuccess } from './SaleSuccess';
import { type FieldName, lineErrors, placePlanError, placeSaleErrors } from './saleErrors';
import { salePrice } from './salePrice';
import { useSaleMember } from './useSaleMember';

interface Values extends PlanValues {
  centerId?: string;
  couponCode?: string;
  note?: string;
  /** Why the lines' manual discounts are given (one reason for the sale). */
  priceReason?: string;
}

const TEST_ID = 'screen-new-sale';

export default function NewSalePage() {
  const { member, state } = useSaleMember(TEST_ID);
  const [done, setDone] = useState<Invoice | null>(null);
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  if (state || !member) return state;
  return (
    <div className="screen sale" data-testid={TEST_ID}>
      <SaleMemberHeader member={member} />
      {done ? (
        <SaleSuccess invoice={done} onAnother={() => setDone(null)} returnTo={returnTo} />
      ) : (
        <CartForm memberId={member.id} homeCenterId={member.homeCenter.id} onDone={setDone} />
      )}
    </div>
  );
}

let keySeq = 0;
const nextKey = () => `line-${++keySeq}`;

function CartSearch({ onAdd }: { onAdd: (type: SaleItemType, item: CatalogueItem) => void }) {
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

function CartForm({
  memberId,
  homeCenterId,
  onDone,
}: {
  memberId: string;
  homeCenterId: string;
  onDone: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const centers = useCenters();
  const working = useCenterId();
  const todayOf = useCentreToday();
  const sell = useSell(memberId);
  const [lines, setLines] = useState<CartLine[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [perLine, setPerLine] = useState<Map<number, string[]>>(new Map());

  const centerOptions = (centers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }));
  const defaultCenter =
    centerOptions.find((c) => c.value === working)?.value ??
    centerOptions.find((c) => c.value === homeCenterId)?.value ??
    centerOptions[0]?.value;
  const centerId = (Form.useWatch('centerId', form) as string | undefined) ?? defaultCenter;
  const today = todayOf(centerId);
  const rights = useDiscountRights();
  const coupon = useCouponCheck(form, memberId, centerId);
  const price = salePrice(lines, coupon);
  const total = price.totalMinor;
  const overCap = (line: CartLine) => line.discountMinor > rights.largest(lineGross(line));
  const { finish, waiting } = useSaleFinish(form, coupon, price, (values) => void submit(values));

  const applyOffer = (offer: AppliedOffer) => {
    setLines((all) => {
      let next = all;
      for (const { type, item, quantity } of offer.items)
        for (let n = 0; n < quantity; n += 1)
          next = addToCart(
            next,
            {
              itemType: type,
              itemId: item.id,
              name: item.name,
              priceMinor: item.priceMinor,
              taxRateBp: item.taxRateBp,
              chosenStart: item.startRule === 'chosen_date',
            },
            nextKey(),
          );
      return next;
    });
    if (offer.couponCode) form.setFieldValue('couponCode', offer.couponCode);
    setPerLine(new Map());
  };

  const change = (key: string, patch: Partial<CartLine>) => {
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
    setPerLine(new Map());
  };

  const submit = async (values: Values) => {
    setProblems([]);
    setPerLine(new Map());
    if (!centerId || lines.length === 0) {
      setProblems([t('sales:cart.empty')]);
      return;
    }
    if (lines.some((l) => l.discountMinor > lineGross(l))) {
      setProblems([t('sales:fieldErrors.discount_too_large')]);
      return;
    }
    if (lines.some(overCap)) {
      setProblems([t('sales:cart.lineProblems')]);
      return;
    }
    if (values.planMode === 'installments' && values.customised) {
      const problem = planProblem(
        total,
        minor(values.depositMinor ?? 0),
        (values.rows ?? []).map((r) => ({ dueOn: r.dueOn, amountMinor: r.amountMinor })),
        today,
      );
      if (problem) {
        setProblems([t(`sales:fieldErrors.${problem.code}`)]);
        return;
      }
    }
    const body: SaleRequest = {
      centerId,
      lines: cartLinesRequest(lines, values.priceReason),
      ...(values.couponCode?.trim() ? { couponCode: values.couponCode.trim() } : {}),
      ...(values.note?.trim() ? { note: values.note.trim() } : {}),
      ...planRequest(values, today),
    };
    try {
      onDone(await sell.mutateAsync(body));
    } catch (error) {
      // The reason is one field for the sale; every other line error goes beside its line.
      const isReason = (path: string) => /^lines\.\d+\.priceOverrideReason$/.test(path);
      const byLine = lineErrors(error, t, (path) => !isReason(path));
      setPerLine(byLine);
      const place = (path: string): FieldName | null =>
        path === 'couponCode' || path === 'centerId' || path === 'note'
          ? path
          : isReason(path)
            ? 'priceReason'
            : placePlanError(path, Boolean(values.customised));
      const rest = placeSaleErrors(form, error, t, place, (path) => /^lines\.\d+/.test(path) && !isReason(path));
      setProblems(byLine.size > 0 && rest.length === 0 ? [t('sales:cart.lineProblems')] : rest);
    }
  };

  return (
    <Card variant="borderless">
      <Form<Values>
        form={form}
        layout="vertical"
        name="new-sale"
        initialValues={{ ...PLAN_DEFAULTS, centerId: defaultCenter }}
        onFinish={finish}
        onKeyDownCapture={enterSubmits(() => form.submit())}
        requiredMark="optional"
        className="sale-form"
      >
        <div className="sale-form__grid">
          <Form.Item
            name="centerId"
            label={t('sales:fields.centre')}
            rules={[{ required: true, message: t('errors:validation.required') }]}
          >
            <Select options={centerOptions} loading={centers.isPending} data-testid="sale-centre" />
          </Form.Item>
        </div>
        <OffersPanel centerId={centerId} onApply={applyOffer} />
        <CartSearch
          onAdd={(type, item) =>
            setLines((all) =>
              addToCart(
                all,
                {
                  itemType: type,
                  itemId: item.id,
                  name: item.name,
                  priceMinor: item.priceMinor,
                  taxRateBp: item.taxRateBp,
                  chosenStart: item.startRule === 'chosen_date',
                },
                nextKey(),
              ),
            )
          }
        />
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
                        onChange={(d) => change(line.key, { startOn: d ? d.format('YYYY-MM-DD') : null })}
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
            {
              key: 'price',
              title: t('sales:cart.unitPrice'),
              align: 'right',
              render: (_: unknown, line) => <MoneyText value={line.unitPriceMinor} />,
            },
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
                  onChange={(v) => change(line.key, { quantity: typeof v === 'number' && v >= 1 ? v : 1 })}
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
                          onChange={(v) => change(line.key, { discountMinor: minor(v ?? 0) })}
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
                  onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                />
              ),
            },
          ]}
        />
        {hasDiscount(lines) && (
          <div className="sale-form__grid">
            <ReasonField label={t('sales:fields.discountReason')} />
          </div>
        )}
        <div className="sale-form__grid">
          <CouponField coupon={coupon} price={price} />
          <Form.Item name="note" label={t('sales:fields.note')}>
            <Input maxLength={500} />
          </Form.Item>
        </div>
        <SaleTotal price={price} />
        <PaymentPlanFields totalMinor={total} today={today} />
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            data-testid="sale-error"
            className="sale-form__error"
            title={
              problems.length === 1 ? (
                problems[0]
              ) : (
                <ul>
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              )
            }
          />
        )}
        <Button
          type="primary"
          htmlType="submit"
          loading={sell.isPending || waiting}
          disabled={lines.length === 0}
          data-testid="sale-submit"
        >
          {t('sales:submit')}
        </Button>
      </Form>
    </Card>
  );
}
