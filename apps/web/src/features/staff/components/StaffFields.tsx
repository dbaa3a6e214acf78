import type { Role } from '@gym/contract/acl';
import { emailSchema } from '@gym/contract/auth';
import { LANGUAGES, type Language } from '@gym/contract/constants';
import { phoneSchema } from '@gym/contract/members';
import { createStaffRequestSchema } from '@gym/contract/staff';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule, schemaRule } from '../../../shared/api/errorMessages';
import { useAllCenters } from '../../../shared/centers';
import { LANGUAGE_ENDONYMS } from '../../../shared/i18n/languages';
import { useUserData } from '../../../shared/useSession';

export interface StaffFormValues {
  fullName: string;
  email: string;
  phone?: string | null;
  role: Role;
  allCenters: boolean;
  centerIds: string[];
  isTrainer: boolean;
  language: Language;
}

/** Field names the server may name in a 400 (shown beside their field). */
export const STAFF_FIELDS = [
  'fullName',
  'email',
  'phone',
  'role',
  'allCenters',
  'centerIds',
  'isTrainer',
  'language',
] as const;

const fullNameSchema = createStaffRequestSchema.shape.fullName;

interface Props {
  /** Roles this user may give; a current role outside them is shown but cannot be changed. */
  roles: readonly Role[];
  disabled?: boolean;
  roleLocked?: boolean;
}

export function StaffFields({ roles, disabled, roleLocked }: Props) {
  const { t } = useTranslation();
  const centers = useAllCenters();
  const user = useUserData();
  // Someone limited to some centres can only hand out those centres, never "all centres".
  const limitedTo = user?.centerIds ?? null;
  const allCenters = Form.useWatch<boolean | undefined>('allCenters');
  const currentRole = Form.useWatch<Role | undefined>('role');
  const roleOptions = [...new Set([...roles, ...(currentRole && roleLocked ? [currentRole] : [])])];

  return (
    <>
      <div className="form-columns">
        <Form.Item
          label={t('staff:fields.fullName')}
          name="fullName"
          rules={[requiredRule(t), schemaRule(fullNameSchema, t)]}
        >
          <Input maxLength={120} autoComplete="off" disabled={disabled} />
        </Form.Item>
        <Form.Item
          label={t('staff:fields.email')}
          name="email"
          validateTrigger="onBlur"
          rules={[requiredRule(t), schemaRule(emailSchema, t)]}
        >
          <Input type="email" inputMode="email" autoComplete="off" disabled={disabled} />
        </Form.Item>
      </div>
      <div className="form-columns">
        <Form.Item label={t('staff:fields.phone')} name="phone" rules={[schemaRule(phoneSchema, t)]}>
          <Input type="tel" inputMode="tel" autoComplete="off" disabled={disabled} />
        </Form.Item>
        <Form.Item label={t('staff:fields.language')} name="language" rules={[requiredRule(t)]}>
          <Select
            disabled={disabled}
            options={LANGUAGES.map((language) => ({
              value: language,
              label: <span lang={language}>{LANGUAGE_ENDONYMS[language]}</span>,
            }))}
          />
        </Form.Item>
      </div>
      <div className="form-columns">
        <Form.Item
          label={t('staff:fields.role')}
          name="role"
          extra={roleLocked ? t('staff:roleLocked') : undefined}
          rules={[{ required: true, message: t('errors:validation.required') }]}
        >
          <Select
            disabled={disabled || roleLocked}
            options={roleOptions.map((role) => ({ value: role, label: t(`common:roles.${role}`) }))}
            data-testid="staff-role"
          />
        </Form.Item>
        <Form.Item
          label={t('staff:fields.isTrainer')}
          name="isTrainer"
          valuePropName="checked"
          extra={t('staff:fields.isTrainerHelp')}
        >
          <Switch disabled={disabled} />
        </Form.Item>
      </div>
      <Form.Item label={t('staff:fields.allCenters')} name="allCenters" valuePropName="checked">
        <Switch
          disabled={disabled}
          checkedChildren={t('staff:allCentersYes')}
          unCheckedChildren={t('staff:allCentersNo')}
        />
      </Form.Item>
      {allCenters === false && (
        <Form.Item
          label={t('staff:fields.centerIds')}
          name="centerIds"
          rules={[
            {
              validator: async (_rule, value: string[] | undefined) => {
                if (!value || value.length === 0) throw new Error(t('errors:validation.centers_required'));
              },
            },
          ]}
        >
          <Select
            mode="multiple"
            disabled={disabled}
            loading={centers.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={centers.data
              ?.filter((c) => limitedTo === null || limitedTo.includes(c.id))
              .map((c) => ({
                value: c.id,
                label: c.active ? `${c.name} (${c.code})` : `${c.name} (${c.code}) – ${t('centers:status.inactive')}`,
              }))}
          />
        </Form.Item>
      )}
    </>
  );
}
