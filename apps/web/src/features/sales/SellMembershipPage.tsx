/**
 * `/apps/member/:id/membership/add`: sell a membership plan to a member: the plan (the focus is there
 * when the screen opens), the centre (where the desk works), its start date when the plan starts on a
 * chosen date, the price (changed only with the price-override permission and a reason), a manual
 * discount (within the organisation's cap, or any with the permission; always with a reason), a
 * coupon checked as it is typed, then the deposit, installments and payment block, all from the
 * total the invoice will have. Enter from any field completes the sale. One `Idempotency-Key` per
 * attempt: a retry of the same sale records it once.
 */
import './sales.css';
import { minor, ZERO } from '@gym/contract/money';
import type { Invoice, SaleRequest } from '@gym/contract/sales';
import { Button, Checkbox, DatePicker, Form, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { MoneyInput, useMoneyRules } from '../../shared/ui/MoneyInput';
import { MoneyText } from '../../shared/ui/MoneyText';
import { isTermsUnsigned } from '../signatures/agreementChoice';
import { TermsAfterSale } from '../signatures/TermsAfterSale';
import { TermsUnsignedNotice } from '../signatures/TermsUnsignedNotice';
import { type CatalogueItem, useSell } from './api';
import { CataloguePicker } from './CataloguePicker';
import { useCouponCheck } from './CouponField';
import { useDiscountRights } from './discount';
import { dateField, PLAN_DEFAULTS } from './PaymentPlanFields';
import { customisedPlanProblem, type PlanValues, saleRequestRest } from './plan';
import { SaleCentreField, SaleForm, SaleFormEnd, type SaleFormProps, useSaleCentre } from './SaleFormParts';
import { SaleMemberHeader } from './SaleMemberHeader';
import { ReasonField, useDiscountRules, useSaleFinish } from './SaleParts';
import { SaleSuccess } from './SaleSuccess';
import { type FieldName, placePlanError, placeSaleErrors } from './saleErrors';
import { salePrice } from './salePrice';
import { useSaleMember } from './useSaleMember';

interface Values extends PlanValues {
  centerId?: string;
  planId?: string | null;
  startOn?: string | null;
  overridePrice?: boolean;
  priceMinor?: number | null;
  /** A manual discount (within the cap, or any with the price-override permission). */
  discountMinor?: number | null;
  /** Why the price is changed or lowered (the override's and the discount's). */
  priceReason?: string;
  couponCode?: string;
  note?: string;
}

const TEST_ID = 'screen-sell-membership';

export default function SellMembershipPage() {
  const { t } = useTranslation();
  const { member, state } = useSaleMember(TEST_ID);
  const [done, setDone] = useState<Invoice | null>(null);
  if (state || !member) return state;
  return (
    <div className="screen sale" data-testid={TEST_ID}>
      <SaleMemberHeader member={member} />
      {done ? (
        <>
          <SaleSuccess invoice={done} onAnother={() => setDone(null)} />
          <TermsAfterSale memberId={member.id} language={member.language} />
        </>
      ) : (
        <SellMembershipForm
          memberId={member.id}
          homeCenterId={member.homeCenter.id}
          language={member.language}
          onDone={setDone}
        />
      )}
      <Typography.Text className="sr-only">{t('sales:keyboardHint')}</Typography.Text>
    </div>
  );
}

function SellMembershipForm({ memberId, homeCenterId, language, onDone }: SaleFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const ability = useAbility();
  const canOverride = ability.can('create', 'PriceOverride');
  const rights = useDiscountRights();
  const { centerOptions, loading, defaultCenter, centerId, today } = useSaleCentre(form, homeCenterId);
  const sell = useSell(memberId);
  const [plan, setPlan] = useState<CatalogueItem | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  // The member must sign the membership terms first: the notice sends them, then the sale is retried.
  const [termsUnsigned, setTermsUnsigned] = useState(false);

  const overridePrice = Form.useWatch('overridePrice', form) as boolean | undefined;
  const priceMinor = Form.useWatch('priceMinor', form) as number | null | undefined;
  const discountMinor = (Form.useWatch('discountMinor', form) as number | null | undefined) ?? 0;
  const priceRules = useMoneyRules({ required: true, min: 0 });
  const coupon = useCouponCheck(form, memberId, centerId);

  const unitPrice = plan
    ? canOverride && overridePrice && typeof priceMinor === 'number'
      ? minor(priceMinor)
      : minor(plan.priceMinor)
    : ZERO;
  const largestDiscount = rights.largest(unitPrice);
  const discountRules = useDiscountRules(rights, largestDiscount);
  const discounted = rights.canDiscount && discountMinor > 0;
  const price = salePrice(
    plan
      ? [
          {
            itemType: 'membership',
            itemId: plan.id,
            unitPriceMinor: unitPrice,
            quantity: 1,
            discountMinor: discounted ? minor(discountMinor) : ZERO,
            taxRateBp: plan.taxRateBp,
          },
        ]
      : [],
    coupon,
  );
  const total = price.totalMinor;
  const { finish, waiting } = useSaleFinish(form, coupon, price, (values) => void submit(values));

  const submit = async (values: Values) => {
    setProblems([]);
    if (!plan || !centerId) return;
    const problem = customisedPlanProblem(values, total, today);
    if (problem) {
      setProblems([t(`sales:fieldErrors.${problem.code}`)]);
      return;
    }
    const overridden = canOverride && values.overridePrice && typeof values.priceMinor === 'number';
    const reason = values.priceReason?.trim() ?? '';
    const body: SaleRequest = {
      centerId,
      lines: [
        {
          itemType: 'membership',
          itemId: plan.id,
          quantity: 1,
          ...(plan.startRule === 'chosen_date' && values.startOn ? { startOn: values.startOn } : {}),
          ...(overridden ? { unitPriceMinor: minor(values.priceMinor as number) } : {}),
          ...(discounted ? { discountMinor: minor(discountMinor) } : {}),
          ...(overridden || discounted ? { priceOverrideReason: reason } : {}),
        },
      ],
      ...saleRequestRest(values, today),
    };
    try {
      onDone(await sell.mutateAsync(body));
    } catch (error) {
      setTermsUnsigned(isTermsUnsigned(error));
      if (isTermsUnsigned(error)) return;
      const place = (path: string): FieldName | null => {
        if (path === 'lines.0.unitPriceMinor') return 'priceMinor';
        if (path === 'lines.0.discountMinor') return 'discountMinor';
        if (path === 'lines.0.priceOverrideReason') return 'priceReason';
        if (path === 'lines.0.startOn') return 'startOn';
        if (path === 'lines.0.itemId' || path === 'lines') return 'planId';
        if (path === 'couponCode' || path === 'centerId' || path === 'note') return path;
        return placePlanError(path, Boolean(values.customised));
      };
      setProblems(placeSaleErrors(form, error, t, place));
    }
  };

  return (
    <SaleForm<Values>
      form={form}
      name="sell-membership"
      initialValues={{ ...PLAN_DEFAULTS, centerId: defaultCenter, overridePrice: false }}
      onFinish={finish}
    >
      <div className="sale-form__grid">
        <Form.Item
          name="planId"
          label={t('sales:fields.plan')}
          rules={[{ required: true, message: t('errors:validation.required') }]}
        >
          <CataloguePicker
            kind="membership"
            placeholder={t('sales:fields.planSearch')}
            onPick={(item) => {
              setPlan(item);
              if (item?.startRule === 'chosen_date') form.setFieldValue('startOn', today);
            }}
            data-testid="sale-plan-picker"
            // The screen's first field: the focus is here when it opens.
            data-page-focus
          />
        </Form.Item>
        <SaleCentreField options={centerOptions} loading={loading} />
      </div>
      {plan && (
        <div className="sale-form__grid" data-testid="sale-plan-facts">
          <div>
            <Typography.Text type="secondary">{t('sales:fields.listPrice')}</Typography.Text>
            <div>
              <MoneyText value={plan.priceMinor} data-testid="sale-list-price" />
            </div>
            <Typography.Text type="secondary">
              {plan.startRule ? t(`sales:startRules.${plan.startRule}`) : ''}
              {plan.durationValue && plan.durationUnit
                ? ` · ${t(`sales:durations.${plan.durationUnit}`, { count: plan.durationValue })}`
                : ''}
            </Typography.Text>
          </div>
          {plan.startRule === 'chosen_date' && (
            <Form.Item
              name="startOn"
              label={t('sales:fields.startOn')}
              rules={[{ required: true, message: t('errors:validation.required') }]}
              {...dateField}
            >
              <DatePicker
                allowClear={false}
                disabledDate={(d) => d.format('YYYY-MM-DD') < today}
                data-testid="sale-start-on"
              />
            </Form.Item>
          )}
        </div>
      )}
      {canOverride && plan && (
        <Form.Item name="overridePrice" valuePropName="checked">
          <Checkbox data-testid="sale-override">{t('sales:fields.overridePrice')}</Checkbox>
        </Form.Item>
      )}
      {plan && (overridePrice || rights.canDiscount) && (
        <div className="sale-form__grid">
          {canOverride && overridePrice && (
            <Form.Item name="priceMinor" label={t('sales:fields.price')} rules={priceRules}>
              <MoneyInput data-testid="sale-price" />
            </Form.Item>
          )}
          {rights.canDiscount && (
            <Form.Item
              name="discountMinor"
              label={t('sales:fields.discount')}
              rules={discountRules}
              extra={rights.beyondCap ? undefined : t('sales:discount.capHint', { percent: rights.capText })}
            >
              <MoneyInput data-testid="sale-discount" />
            </Form.Item>
          )}
          {((canOverride && overridePrice) || discounted) && (
            <ReasonField label={t(overridePrice ? 'sales:fields.priceReason' : 'sales:fields.discountReason')} />
          )}
        </div>
      )}
      <SaleFormEnd coupon={coupon} price={price} today={today} problems={problems} />
      {termsUnsigned && <TermsUnsignedNotice memberId={memberId} language={language} />}
      <Space>
        <Button
          type="primary"
          htmlType="submit"
          loading={sell.isPending || waiting}
          disabled={!plan}
          data-testid="sale-submit"
        >
          {t('sales:submit')}
        </Button>
      </Space>
    </SaleForm>
  );
}
