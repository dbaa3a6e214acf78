import './classes.css';
import { PlusOutlined } from '@ant-design/icons';
import { classTypeFieldsSchema } from '@gym/contract/classes';
import { App, Button, Checkbox, ColorPicker, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { StackedForm } from '../../shared/ui/StackedForm';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { useCreditPackageList, useMembershipPlanList } from '../catalogue/api';
import { actionsColumn, activeColumn, useConfirmActive } from '../catalogue/components/columns';
import { ItemDrawer } from '../catalogue/components/ItemDrawer';
import { StatusFilter } from '../catalogue/components/ListFilters';
import { type ClassType, useClassTypeList, useSaveClassType } from './api';
import { placeClassErrors } from './classErrors';
import { TypeSwatch, WholeNumberItem } from './components/ClassParts';

const SORTS = ['name', '-name', 'created', '-created'] as const;
type Sort = (typeof SORTS)[number];
type Filter = 'status';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: SORTS,
  defaultSort: 'name',
  filters: { status: ['active', 'inactive'] },
};

interface Values {
  name: string;
  description: string;
  colour: string;
  durationMinutes: number | null;
  capacity: number | null;
  credits: number | null;
  anyClassPackage: boolean;
  creditPackageIds: string[];
  allMemberships: boolean;
  membershipPlanIds: string[];
}
const FIELDS = [
  'name',
  'description',
  'colour',
  'durationMinutes',
  'capacity',
  'credits',
  'anyClassPackage',
  'creditPackageIds',
  'allMemberships',
  'membershipPlanIds',
] as const;
const { shape } = classTypeFieldsSchema;
/** A colour to start from: readable under white text and distinct in the list. */
const DEFAULT_COLOUR = '#1565c0';

const initialValues = (type: ClassType | null): Values =>
  type
    ? {
        name: type.name,
        description: type.description ?? '',
        colour: type.colour,
        durationMinutes: type.durationMinutes,
        capacity: type.capacity,
        credits: type.credits,
        anyClassPackage: type.anyClassPackage,
        creditPackageIds: type.creditPackageIds,
        allMemberships: type.allMemberships,
        membershipPlanIds: type.membershipPlanIds,
      }
    : {
        name: '',
        description: '',
        colour: DEFAULT_COLOUR,
        durationMinutes: 60,
        capacity: 20,
        credits: 1,
        anyClassPackage: true,
        creditPackageIds: [],
        allMemberships: false,
        membershipPlanIds: [],
      };

export function ClassTypeDrawer({
  editing,
  onClose,
}: {
  editing: { type: ClassType | null } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveClassType();
  const type = editing?.type ?? null;
  const anyPackage = Form.useWatch('anyClassPackage', form);
  const allMemberships = Form.useWatch('allMemberships', form);
  const open = Boolean(editing);
  const packages = useCreditPackageList({ pageSize: 100, sort: 'name', status: 'active' });
  const plans = useMembershipPlanList({ pageSize: 100, sort: 'name', status: 'active' });

  return (
    <ItemDrawer
      open={open}
      title={type ? t('classes:types.editTitle', { name: type.name }) : t('classes:types.addTitle')}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={() => form.submit()}
    >
      <StackedForm<Values>
        enterSubmits
        form={form}
        name="class_type"
        disabled={save.isPending}
        initialValues={initialValues(type)}
        onFinish={(v) => {
          const body = {
            name: v.name.trim(),
            description: v.description.trim() || null,
            colour: v.colour,
            durationMinutes: Number(v.durationMinutes),
            capacity: Number(v.capacity),
            credits: Number(v.credits),
            anyClassPackage: v.anyClassPackage,
            creditPackageIds: v.anyClassPackage ? [] : v.creditPackageIds,
            allMemberships: v.allMemberships,
            membershipPlanIds: v.allMemberships ? [] : v.membershipPlanIds,
          };
          save.mutate(
            { id: type?.id ?? null, body },
            {
              onSuccess: () => {
                void message.success(t('classes:types.saved'));
                onClose();
              },
              onError: (error) => {
                const rest = placeClassErrors(form, error, t, FIELDS);
                if (rest.length) void message.error(rest.join(' '));
              },
            },
          );
        }}
      >
        <Form.Item
          label={t('classes:types.fields.name')}
          name="name"
          rules={[requiredRule(t), schemaRule(shape.name, t)]}
        >
          <Input maxLength={80} autoComplete="off" data-testid="field-name" />
        </Form.Item>
        <Form.Item
          label={t('classes:types.fields.colour')}
          name="colour"
          extra={t('classes:types.fields.colourHelp')}
          getValueFromEvent={(colour: { toHexString: () => string }) => colour.toHexString()}
        >
          <ColorPicker disabledAlpha showText format="hex" data-testid="field-colour" />
        </Form.Item>
        <div className="form-columns">
          <WholeNumberItem name="durationMinutes" required />
          <WholeNumberItem name="capacity" required />
          <WholeNumberItem name="credits" required extra={t('classes:form.creditsHelp')} />
        </div>
        <fieldset className="class-form__group">
          <legend>{t('classes:types.fields.coveredBy')}</legend>
          <Form.Item
            name="anyClassPackage"
            valuePropName="checked"
            extra={t('classes:types.fields.anyClassPackageHelp')}
          >
            <Checkbox>{t('classes:types.fields.anyClassPackage')}</Checkbox>
          </Form.Item>
          {!anyPackage && (
            <Form.Item label={t('classes:types.fields.creditPackages')} name="creditPackageIds">
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                loading={packages.isPending}
                options={(packages.data?.items ?? [])
                  .filter((p) => p.usage !== 'rental')
                  .map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          )}
          <Form.Item name="allMemberships" valuePropName="checked" extra={t('classes:types.fields.allMembershipsHelp')}>
            <Checkbox>{t('classes:types.fields.allMemberships')}</Checkbox>
          </Form.Item>
          {!allMemberships && (
            <Form.Item label={t('classes:types.fields.membershipPlans')} name="membershipPlanIds">
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                loading={plans.isPending}
                options={(plans.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          )}
        </fieldset>
        <Form.Item
          label={t('classes:types.fields.description')}
          name="description"
          rules={[schemaRule(shape.description, t)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
        </Form.Item>
      </StackedForm>
    </ItemDrawer>
  );
}

/** `/class-type-list`: the kinds of class a centre runs (colour, length, places, credits, what pays). */
export default function ClassTypeListPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const list = useListParams(LIST);
  const types = useClassTypeList({ ...list.query, status: list.filters.status ?? 'all' });
  const save = useSaveClassType();
  const [editing, setEditing] = useState<{ type: ClassType | null } | null>(null);
  const confirmActive = useConfirmActive<ClassType>(t, save);
  const canCreate = ability.can('create', 'Class');
  const canUpdate = ability.can('update', 'Class');

  const columns: ListColumn<ClassType>[] = [
    {
      key: 'name',
      title: t('classes:types.fields.name'),
      sortable: true,
      render: (_: unknown, type: ClassType) => (
        <span className="class-what__type" data-testid="class-type-name">
          <TypeSwatch colour={type.colour} />
          {type.name}
        </span>
      ),
    },
    {
      key: 'duration',
      title: t('classes:types.length'),
      align: 'right',
      render: (_: unknown, type: ClassType) => t('classes:types.minutes', { count: type.durationMinutes }),
    },
    {
      key: 'capacity',
      title: t('classes:fields.capacity'),
      align: 'right',
      dataIndex: 'capacity',
    },
    {
      key: 'credits',
      title: t('classes:types.credits'),
      align: 'right',
      dataIndex: 'credits',
    },
    {
      key: 'coverage',
      title: t('classes:types.fields.coveredBy'),
      show: 'desktop',
      render: (_: unknown, type: ClassType) =>
        [
          type.anyClassPackage
            ? t('classes:types.anyPackage')
            : t('classes:types.packages', { count: type.creditPackageIds.length }),
          type.allMemberships
            ? t('classes:types.anyMembership')
            : t('classes:types.memberships', { count: type.membershipPlanIds.length }),
        ].join(' · '),
    },
    activeColumn(t),
    ...(canUpdate
      ? [actionsColumn<ClassType>(t, { onEdit: (type) => setEditing({ type }), onToggle: confirmActive })]
      : []),
  ];

  return (
    <div className="screen" data-testid="screen-class-type-list">
      <ListTable<ClassType, Sort, Filter>
        list={list}
        sorts={SORTS}
        result={types}
        columns={columns}
        rowKey={(row) => row.id}
        testId="class-type-table"
        texts={listTexts(t, 'classes:types.empty', 'classes:types.total', 'classes:noMatch')}
        search={listSearch(t, 'class-type-keyword', 'classes:types.searchLabel', 'classes:types.searchPlaceholder')}
        filters={<StatusFilter list={list} />}
        actions={
          canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ type: null })}
              data-testid="item-add"
            >
              {t('classes:types.add')}
            </Button>
          )
        }
      />
      <ClassTypeDrawer editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
