import { BASIS, type Minor, parseMoney } from '@gym/contract/money';
import { COMMISSION_ITEM_TYPES, type CommissionRule, type StaffCommission } from '@gym/contract/sales';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Radio, Select, Space, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAbility } from '../../shared/acl';
import { api } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { showErrorOnFields } from '../../shared/api/formErrors';
import { formatMonth } from '../../shared/dates';
import { useCentreToday } from '../../shared/today';
import { ExportButtons } from '../../shared/ui/ExportButtons';
import { MoneyInput, useMoneyRules } from '../../shared/ui/MoneyInput';
import { MoneyText } from '../../shared/ui/MoneyText';
import { SectionTable } from '../../shared/ui/OneLineTable';
import { EmptyState, QueryState } from '../../shared/ui/ScreenStates';
import { useMoneyFormat } from '../../shared/useMoneyFormat';
import { rateText } from './plan';

const keys = {
  report: (id: string, year: number) => ['sales', 'staff-commission', id, year] as const,
  rules: (id: string) => ['sales', 'commission-rules', id] as const,
};

/** Percent typed as text (`7.5`) → basis points, without a float (`750`). */
function percentToBp(text: string): number | null {
  const bp = parseMoney(text, { symbol: '', exponent: 2, decimal: '.', thousands: '' });
  return bp === null || bp < 1 || bp > BASIS ? null : bp;
}

function RuleForm({ staffId }: { staffId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{
    itemType: string;
    kind: 'percent' | 'fixed';
    percent?: string;
    amountMinor?: Minor | null;
  }>();
  const kind = Form.useWatch('kind', form) ?? 'percent';
  const moneyRules = useMoneyRules({ required: true, min: 1 });
  const add = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<CommissionRule>('/pro/commission-rules', body),
    onSuccess: () => {
      form.resetFields();
      void client.invalidateQueries({ queryKey: keys.rules(staffId) });
      void message.success(t('sales:commission.ruleAdded'));
    },
    onError: (error) => {
      if (!showErrorOnFields(form, error, t, ['itemType', 'kind', 'percentBp', 'amountMinor'])) {
        void message.error(apiErrorMessage(t, error));
      }
    },
  });
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ itemType: 'any', kind: 'percent' }}
      onFinish={(v) =>
        add.mutate({
          staffId,
          itemType: v.itemType,
          kind: v.kind,
          ...(v.kind === 'percent' ? { percentBp: percentToBp(v.percent ?? '') } : { amountMinor: v.amountMinor }),
        })
      }
      data-testid="commission-rule-form"
    >
      <Form.Item name="itemType" label={t('sales:commission.itemType')}>
        <Select
          style={{ minWidth: 160 }}
          options={COMMISSION_ITEM_TYPES.map((type) => ({ value: type, label: t(`sales:commission.types.${type}`) }))}
        />
      </Form.Item>
      <Form.Item name="kind" label={t('sales:commission.kind')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'percent', label: t('sales:commission.percent') },
            { value: 'fixed', label: t('sales:commission.fixed') },
          ]}
        />
      </Form.Item>
      {kind === 'percent' ? (
        <Form.Item
          name="percent"
          label={t('sales:commission.rate')}
          rules={[
            {
              validator: async (_r, value: string | undefined) => {
                if (percentToBp(value ?? '') === null) throw new Error(t('sales:commission.rateInvalid'));
              },
            },
          ]}
        >
          <InputNumber<string> stringMode min="0.01" max="100" step="0.5" suffix="%" style={{ width: 120 }} />
        </Form.Item>
      ) : (
        <Form.Item name="amountMinor" label={t('sales:commission.amount')} rules={moneyRules}>
          <MoneyInput style={{ width: 160 }} />
        </Form.Item>
      )}
      <Form.Item>
        <Button htmlType="submit" loading={add.isPending} data-testid="commission-rule-add">
          {t('sales:commission.addRule')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function RulesCard({ staffId }: { staffId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ability = useAbility();
  const client = useQueryClient();
  const canManage = ability.can('create', 'Commission');
  const rules = useQuery({
    queryKey: keys.rules(staffId),
    queryFn: ({ signal }) =>
      api.get<{ items: CommissionRule[] }>('/pro/commission-rules', { query: { staffId }, signal }),
  });
  const toggle = useMutation({
    mutationFn: (r: CommissionRule) =>
      api.patch<CommissionRule>(`/pro/commission-rules/${r.id}`, { active: !r.active }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.rules(staffId) }),
    onError: (error) => void message.error(apiErrorMessage(t, error)),
  });
  return (
    <Card title={t('sales:commission.rules')}>
      <p className="screen-lead">{t('sales:commission.rulesLead')}</p>
      <QueryState query={rules}>
        {(data) => (
          <SectionTable
            dataSource={data.items}
            locale={{ emptyText: <EmptyState description={t('sales:commission.noRules')} /> }}
            data-testid="commission-rules"
            columns={[
              {
                key: 'who',
                title: t('sales:commission.who'),
                render: (_: unknown, r) =>
                  r.staff ? r.staff.name : t('sales:commission.everyRole', { role: t(`common:roles.${r.role}`) }),
              },
              {
                key: 'type',
                title: t('sales:commission.itemType'),
                render: (_: unknown, r) => t(`sales:commission.types.${r.itemType}`),
              },
              {
                key: 'value',
                title: t('sales:commission.rate'),
                render: (_: unknown, r) =>
                  r.kind === 'percent' ? `${rateText(r.percentBp)} %` : <MoneyText value={r.amountMinor} />,
              },
              {
                key: 'active',
                title: t('sales:commission.active'),
                render: (_: unknown, r) => (
                  <Switch
                    checked={r.active}
                    disabled={!canManage}
                    loading={toggle.isPending && toggle.variables?.id === r.id}
                    onChange={() => toggle.mutate(r)}
                    aria-label={t('sales:commission.active')}
                  />
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {canManage && (
        <div style={{ marginTop: 16 }}>
          <RuleForm staffId={staffId} />
        </div>
      )}
    </Card>
  );
}

/** `/apps/cloudfit/staff/package/{id}`: a staff member's sales and commission by month, and the rules that pay it. */
export default function StaffCommissionPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const thisYear = Number(useCentreToday()().slice(0, 4));
  const year = Number(params.get('year')) || thisYear;
  const format = useMoneyFormat();
  const report = useQuery({
    queryKey: keys.report(id, year),
    queryFn: ({ signal }) =>
      api.get<StaffCommission>(`/pro/staff/${encodeURIComponent(id)}/commission`, { query: { year }, signal }),
    placeholderData: keepPreviousData,
  });
  const monthName = (month: string) => formatMonth(i18n.resolvedLanguage ?? 'en', month);

  return (
    <div className="screen" data-testid="screen-staff-commission">
      <Card>
        <Space wrap align="center">
          {report.data && (
            <Typography.Title level={4} style={{ margin: 0 }}>
              <Link to={`/apps/staff/edit/${report.data.staff.id}`}>{report.data.staff.name}</Link>
            </Typography.Title>
          )}
          <label htmlFor="commission-year">{t('sales:commission.year')}</label>
          <Select
            id="commission-year"
            value={year}
            style={{ width: 110 }}
            onChange={(y) => setParams({ year: String(y) })}
            options={Array.from({ length: 6 }, (_, i) => thisYear - i).map((y) => ({ value: y, label: String(y) }))}
            data-testid="commission-year"
          />
          <ExportButtons
            path={`/pro/staff/${encodeURIComponent(id)}/commission/export`}
            query={{ year }}
            // The server writes the file from its own answer: nothing on screen has to load first.
            fileName={`commission-${year}`}
          />
        </Space>
        <QueryState query={report}>
          {(data) => (
            <SectionTable
              rowKey="month"
              dataSource={data.months}
              data-testid="commission-months"
              columns={[
                { key: 'month', title: t('sales:commission.month'), render: (_: unknown, m) => monthName(m.month) },
                { key: 'lines', title: t('sales:commission.lines'), dataIndex: 'lines', align: 'right' },
                {
                  key: 'sales',
                  title: t('sales:commission.sales'),
                  align: 'right',
                  render: (_: unknown, m) => <MoneyText value={m.salesMinor} format={format} />,
                },
                {
                  key: 'commission',
                  title: t('sales:commission.earned'),
                  align: 'right',
                  render: (_: unknown, m) => <MoneyText value={m.commissionMinor} format={format} negativeRed />,
                },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{t('sales:commission.total')}</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {data.totals.lines}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <MoneyText value={data.totals.salesMinor} format={format} />
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <MoneyText value={data.totals.commissionMinor} format={format} data-testid="commission-total" />
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          )}
        </QueryState>
      </Card>
      {id && <RulesCard staffId={id} />}
    </div>
  );
}
