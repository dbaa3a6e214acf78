/**
 * `/apps/member/:id/invoice/add`: a cart of any catalogue items for a member: search by name, or scan
 * a barcode with a keyboard-wedge scanner (a fast burst of digits and Enter in the search box looks
 * the product up), quantity, line discount (within the organisation's cap, or any with the
 * price-override permission; with one reason for the sale), a coupon checked as it is typed, then the
 * same deposit, installments and payment block as the membership sale, from the total the invoice
 * will have. The search box has the focus when the screen opens; Enter elsewhere completes the sale.
 */
import './sales.css';
import type { Invoice, SaleRequest } from '@gym/contract/sales';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isTermsUnsigned } from '../signatures/agreementChoice';
import { TermsUnsignedNotice } from '../signatures/TermsUnsignedNotice';
import { useSell } from './api';
import { CartLinesTable } from './CartLinesTable';
import { CartSearch } from './CartSearch';
import { useCouponCheck } from './CouponField';
import { addToCart, type CartLine, cartItem, cartLinesRequest, hasDiscount, lineGross } from './cart';
import { useDiscountRights } from './discount';
import { type AppliedOffer, OffersPanel } from './OffersPanel';
import { PLAN_DEFAULTS } from './PaymentPlanFields';
import { customisedPlanProblem, type PlanValues, saleRequestRest } from './plan';
import { RETURN_PARAM, safeReturnPath } from './returnTo';
import { SaleCentreField, SaleForm, SaleFormEnd, type SaleFormProps, useSaleCentre } from './SaleFormParts';
import { SaleMemberHeader } from './SaleMemberHeader';
import { ReasonField, useSaleFinish } from './SaleParts';
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
        <CartForm
          memberId={member.id}
          homeCenterId={member.homeCenter.id}
          language={member.language}
          onDone={setDone}
        />
      )}
    </div>
  );
}

let keySeq = 0;
const nextKey = () => `line-${++keySeq}`;

function CartForm({ memberId, homeCenterId, language, onDone }: SaleFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { centerOptions, loading, defaultCenter, centerId, today } = useSaleCentre(form, homeCenterId);
  const sell = useSell(memberId);
  const [lines, setLines] = useState<CartLine[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  // The member must sign the membership terms first: the notice sends them, then the sale is retried.
  const [termsUnsigned, setTermsUnsigned] = useState(false);
  const [perLine, setPerLine] = useState<Map<number, string[]>>(new Map());

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
        for (let n = 0; n < quantity; n += 1) next = addToCart(next, cartItem(type, item), nextKey());
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
    const problem = customisedPlanProblem(values, total, today);
    if (problem) {
      setProblems([t(`sales:fieldErrors.${problem.code}`)]);
      return;
    }
    const body: SaleRequest = {
      centerId,
      lines: cartLinesRequest(lines, values.priceReason),
      ...saleRequestRest(values, today),
    };
    try {
      onDone(await sell.mutateAsync(body));
    } catch (error) {
      setTermsUnsigned(isTermsUnsigned(error));
      if (isTermsUnsigned(error)) return;
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
    <SaleForm<Values>
      form={form}
      name="new-sale"
      initialValues={{ ...PLAN_DEFAULTS, centerId: defaultCenter }}
      onFinish={finish}
    >
      <div className="sale-form__grid">
        <SaleCentreField options={centerOptions} loading={loading} />
      </div>
      <OffersPanel centerId={centerId} onApply={applyOffer} />
      <CartSearch onAdd={(type, item) => setLines((all) => addToCart(all, cartItem(type, item), nextKey()))} />
      <CartLinesTable
        lines={lines}
        today={today}
        rights={rights}
        perLine={perLine}
        onChange={change}
        onRemove={(key) => setLines((all) => all.filter((l) => l.key !== key))}
      />
      {hasDiscount(lines) && (
        <div className="sale-form__grid">
          <ReasonField label={t('sales:fields.discountReason')} />
        </div>
      )}
      <SaleFormEnd coupon={coupon} price={price} today={today} problems={problems} />
      {termsUnsigned && <TermsUnsignedNotice memberId={memberId} language={language} />}
      <Button
        type="primary"
        htmlType="submit"
        loading={sell.isPending || waiting}
        disabled={lines.length === 0}
        data-testid="sale-submit"
      >
        {t('sales:submit')}
      </Button>
    </SaleForm>
  );
}
