import { createExpenditureSchema, EXPENDITURE_METHODS } from '@gym/contract/expenditures';
import { Alert, App, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, fieldErrorMessage, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { onFieldsOf, placeFieldErrors } from '../../shared/api/formErrors';
import { useCenters } from '../../shared/centers';
import { useCentreToday } from '../../shared/today';
import { EntityDrawer } from '../../shared/ui/EntityDrawer';
import { MoneyInput, useMoneyRules } from '../../shared/ui/MoneyInput';
import { useIsDesktop } from '../../shared/useMediaQuery';
import { readAsBase64 } from '../imports/file';
import { type Expenditure, useExpenditureCategories, useSaveExpenditure } from './api';
import { receiptProblem } from './expenditureForm';
import { ReceiptField, type ReceiptValue } from './ReceiptField';

interface Values {
  centerId: string;
  date: Dayjs | null;
  categoryId: string;
  amount: number | null;
  taxAmount: number | null;
  supplier: string;
  method: string;
  note: string;
  receipt: ReceiptValue;
}

const FIELDS = [
  'centerId',
  'date',
  'categoryId',
  'amount',
  'taxAmount',
  'supplier',
  'method',
  'note',
  'receipt',
] as const;
const { shape } = createExpenditureSchema;

interface Props {
  /** null: closed; `{expenditure: null}`: recording a new one. */
  editing: { expenditure: Expenditure | null } | null;
  defaultCenterId: string | null;
  onClose: () => void;
}

/** Record or change an expenditure: validation beside each field, the receipt attached with it. */
export function ExpenditureDrawer({ editing, defaultCenterId, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isDesktop = useIsDesktop();
  const [form] = Form.useForm<Values>();
  const centers = useCenters();
  const categories = useExpenditureCategories();
  const save = useSaveExpenditure();
  const todayAt = useCentreToday();
  const amountRules = useMoneyRules({ required: true });
  const taxRules = useMoneyRules({});
  const [pageError, setPageError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const expenditure = editing?.expenditure ?? null;
  const busy = save.isPending || reading;

  const initialValues = (): Partial<Values> => {
    if (expenditure) {
      return {
        centerId: expenditure.center.id,
        date: dayjs(expenditure.date),
        categoryId: expenditure.category.id,
        amount: expenditure.amount,
        taxAmount: expenditure.taxAmount,
        supplier: expenditure.supplier ?? '',
        method: expenditure.method,
        note: expenditure.note ?? '',
        receipt: expenditure.receipt
          ? { kind: 'kept', fileName: expenditure.receipt.fileName, size: expenditure.receipt.size }
          : { kind: 'none' },
      };
    }
    const centerId = defaultCenterId ?? centers.data?.[0]?.id;
    return {
      centerId,
      // The centre's business date, never the device's or UTC's day.
      date: dayjs(todayAt(centerId)),
      amount: null,
      taxAmount: null,
      supplier: '',
      method: 'cash',
      note: '',
      receipt: { kind: 'none' },
    };
  };

  const submit = async (values: Values) => {
    setPageError(null);
    let receipt: { fileName: string; content: string } | null | undefined;
    if (values.receipt.kind === 'new') {
      setReading(true);
      try {
        receipt = { fileName: values.receipt.file.name, content: await readAsBase64(values.receipt.file) };
      } finally {
        setReading(false);
      }
    } else if (values.receipt.kind === 'none') {
      receipt = expenditure?.receipt ? null : undefined;
    }
    const common = {
      date: values.date ? values.date.format('YYYY-MM-DD') : undefined,
      categoryId: values.categoryId,
      amount: values.amount ?? 0,
      taxAmount: values.taxAmount ?? 0,
      supplier: values.supplier.trim() || null,
      method: values.method as Expenditure['method'],
      note: values.note.trim() || null,
    };
    const body = expenditure
      ? { ...common, centerId: values.centerId, ...(receipt !== undefined ? { receipt } : {}) }
      : { ...common, centerId: values.centerId, ...(receipt ? { receipt } : {}) };
    save.mutate(
      { id: expenditure?.id ?? null, body },
      {
        onSuccess: () => {
          void message.success(t(expenditure ? 'expenditures:saved' : 'expenditures:recorded'));
          onClose();
        },
        onError: (error) => {
          // The server's field errors beside their fields, in this screen's words where it has them.
          const message = (code: string) => fieldErrorMessage(t, code, `expenditures:errors.${code}`);
          if (!placeFieldErrors(form, error, t, onFieldsOf(FIELDS), message).placed) {
            setPageError(apiErrorMessage(t, error));
          }
        },
      },
    );
  };

  return (
    <EntityDrawer<Values>
      open={Boolean(editing)}
      title={expenditure ? t('expenditures:drawer.editTitle') : t('expenditures:drawer.addTitle')}
      busy={busy}
      onClose={onClose}
      saveFirst
      size={isDesktop ? 560 : '100%'}
      testId="expenditure-drawer"
      submitLabel={t('expenditures:drawer.save')}
      submitTestId="expenditure-save"
      form={form}
      name="expenditure"
      initialValues={initialValues()}
      onFinish={(values) => void submit(values)}
    >
      {pageError && <Alert type="error" showIcon title={pageError} style={{ marginBottom: 16 }} />}
      <Form.Item label={t('expenditures:fields.center')} name="centerId" rules={[requiredRule(t)]}>
        <Select
          loading={centers.isPending}
          options={centers.data?.map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
          onChange={(centerId: string) => {
            // A new expenditure is dated the chosen centre's today unless the date was changed.
            if (!expenditure && !form.isFieldTouched('date')) form.setFieldValue('date', dayjs(todayAt(centerId)));
          }}
          data-testid="expenditure-center"
        />
      </Form.Item>
      <Form.Item
        label={t('expenditures:fields.date')}
        name="date"
        rules={[{ required: true, message: t('errors:validation.required') }]}
      >
        <DatePicker placeholder="YYYY-MM-DD" allowClear={false} data-testid="expenditure-date" />
      </Form.Item>
      <Form.Item
        label={t('expenditures:fields.category')}
        name="categoryId"
        rules={[{ required: true, message: t('expenditures:errors.category_required') }]}
        extra={categories.data?.length === 0 ? t('expenditures:categories.noneYet') : undefined}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={categories.isPending}
          options={[
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
            // A retired category still shows on the expenditures that have it.
            ...(expenditure && !categories.data?.some((c) => c.id === expenditure.category.id)
              ? [{ value: expenditure.category.id, label: expenditure.category.name }]
              : []),
          ]}
          data-testid="expenditure-category"
        />
      </Form.Item>
      <Form.Item label={t('expenditures:fields.amount')} name="amount" rules={amountRules}>
        <MoneyInput data-testid="expenditure-amount" style={{ maxWidth: 220 }} />
      </Form.Item>
      <Form.Item
        label={t('expenditures:fields.taxAmount')}
        name="taxAmount"
        extra={t('expenditures:fields.taxHelp')}
        dependencies={['amount']}
        rules={[
          ...taxRules,
          ({ getFieldValue }) => ({
            validator: async (_rule: unknown, tax: number | null | undefined) => {
              const amount = getFieldValue('amount') as number | null | undefined;
              if (typeof tax === 'number' && typeof amount === 'number' && tax > amount) {
                throw new Error(t('expenditures:errors.tax_exceeds_amount'));
              }
            },
          }),
        ]}
      >
        <MoneyInput data-testid="expenditure-tax" style={{ maxWidth: 220 }} />
      </Form.Item>
      <Form.Item label={t('expenditures:fields.method')} name="method" rules={[requiredRule(t)]}>
        <Select
          options={EXPENDITURE_METHODS.map((m) => ({ value: m, label: t(`expenditures:methods.${m}`) }))}
          data-testid="expenditure-method"
        />
      </Form.Item>
      <Form.Item label={t('expenditures:fields.supplier')} name="supplier" rules={[schemaRule(shape.supplier, t)]}>
        <Input maxLength={120} autoComplete="off" data-testid="expenditure-supplier" />
      </Form.Item>
      <Form.Item label={t('expenditures:fields.note')} name="note" rules={[schemaRule(shape.note, t)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} data-testid="expenditure-note" />
      </Form.Item>
      <Form.Item
        label={t('expenditures:fields.receipt')}
        name="receipt"
        extra={t('expenditures:receipt.help')}
        rules={[
          {
            validator: async (_rule: unknown, value: ReceiptValue | undefined) => {
              if (value?.kind !== 'new') return;
              const problem = receiptProblem(value.file);
              if (problem) throw new Error(t(`expenditures:errors.${problem}`));
            },
          },
        ]}
      >
        <ReceiptField expenditureId={expenditure?.id ?? null} disabled={busy} />
      </Form.Item>
    </EntityDrawer>
  );
}
