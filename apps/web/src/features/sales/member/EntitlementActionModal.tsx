import type { Entitlement, EntitlementAction } from '@gym/contract/sales';
import { Alert, App, DatePicker, Form, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCentreToday } from '../../../shared/today';
import { MemberSearchSelect } from '../../members/components/MemberSearchSelect';
import { ActionReasonField } from '../ActionFields';
import { useEntitlementAction } from '../api';
import { dateField } from '../PaymentPlanFields';
import { placeSaleErrors } from '../saleErrors';

export type EntitlementActionKind = EntitlementAction['action'];

interface Values {
  from?: string;
  until?: string;
  on?: string;
  days?: number;
  credits?: number;
  toMemberId?: string[];
  reason?: string;
}

const FIELDS = ['from', 'until', 'on', 'days', 'credits', 'toMemberId', 'reason'];

/** Freeze, unfreeze, extend, adjust or transfer one entitlement; each appends a ledger row. */
export function EntitlementActionModal({
  memberId,
  entitlement,
  action,
  onClose,
}: {
  memberId: string;
  entitlement: Entitlement;
  action: EntitlementActionKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const today = useCentreToday()(entitlement.center.id);
  const run = useEntitlementAction(memberId, entitlement.id);
  const [problems, setProblems] = useState<string[]>([]);
  const reasonNeeded = action === 'extend' || action === 'adjust' || action === 'transfer';

  const body = (v: Values): EntitlementAction => {
    const reason = v.reason?.trim() ? v.reason.trim() : undefined;
    switch (action) {
      case 'freeze':
        return { action, from: v.from ?? today, until: v.until ?? today, ...(reason ? { reason } : {}) };
      case 'unfreeze':
        return { action, ...(v.on ? { on: v.on } : {}), ...(reason ? { reason } : {}) };
      case 'extend':
        return { action, days: v.days ?? 0, reason: reason ?? '' };
      case 'adjust':
        return { action, credits: v.credits ?? 0, days: v.days ?? 0, reason: reason ?? '' };
      case 'transfer':
        return { action, toMemberId: v.toMemberId?.[v.toMemberId.length - 1] ?? '', reason: reason ?? '' };
    }
  };

  const submit = async (v: Values) => {
    setProblems([]);
    try {
      await run.mutateAsync(body(v));
      void message.success(t('sales:entitlements.done'));
      onClose();
    } catch (error) {
      setProblems(
        placeSaleErrors(form, error, t, (path) => {
          const leaf = path.split('.').pop() ?? path;
          return FIELDS.includes(leaf) ? leaf : null;
        }),
      );
    }
  };

  const required = { required: true, message: t('errors:validation.required') };
  return (
    <Modal
      open
      title={`${t(`sales:entitlements.actions.${action}`)} · ${entitlement.name}`}
      okText={t(`sales:entitlements.actions.${action}`)}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={run.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name={`entitlement-${action}`}
        initialValues={{ from: today, on: today, days: 7, credits: 0 }}
        onFinish={(v) => void submit(v)}
      >
        {action === 'freeze' && (
          <>
            <Form.Item name="from" label={t('sales:entitlements.from')} rules={[required]} {...dateField}>
              <DatePicker allowClear={false} />
            </Form.Item>
            <Form.Item name="until" label={t('sales:entitlements.until')} rules={[required]} {...dateField}>
              <DatePicker allowClear={false} />
            </Form.Item>
          </>
        )}
        {action === 'unfreeze' && (
          <Form.Item name="on" label={t('sales:entitlements.on')} {...dateField}>
            <DatePicker />
          </Form.Item>
        )}
        {(action === 'extend' || action === 'adjust') && (
          <Form.Item
            name="days"
            label={t('sales:entitlements.days')}
            rules={action === 'extend' ? [required] : []}
            extra={action === 'adjust' ? t('sales:entitlements.signedHint') : undefined}
          >
            <InputNumber min={action === 'extend' ? 1 : -3660} max={3660} precision={0} />
          </Form.Item>
        )}
        {action === 'adjust' && (
          <Form.Item name="credits" label={t('sales:entitlements.credits')} extra={t('sales:entitlements.signedHint')}>
            <InputNumber min={-10000} max={10000} precision={0} />
          </Form.Item>
        )}
        {action === 'transfer' && (
          <Form.Item name="toMemberId" label={t('sales:entitlements.toMember')} rules={[required]}>
            <MemberSearchSelect
              value={form.getFieldValue('toMemberId') ?? []}
              onChange={(ids) => form.setFieldValue('toMemberId', ids.slice(-1))}
              exclude={new Set([memberId])}
            />
          </Form.Item>
        )}
        <ActionReasonField required={reasonNeeded} />
      </Form>
      {problems.length > 0 && <Alert type="error" showIcon title={problems.join(' ')} />}
    </Modal>
  );
}
