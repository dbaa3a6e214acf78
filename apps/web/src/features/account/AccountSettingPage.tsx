import './account.css';
import { updateAccountRequestSchema } from '@gym/contract/auth';
import { LANGUAGES, type Language, type LayoutType, type Skin } from '@gym/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import {
  apiErrorMessage,
  applyFieldErrors,
  fieldErrorMessage,
  requiredRule,
  schemaRule,
} from '../../shared/api/errorMessages';
import { LANGUAGE_ENDONYMS } from '../../shared/i18n/languages';
import {
  currentLanguage,
  getPreferences,
  setLanguage,
  setLayout,
  setSkin,
  usePreferences,
} from '../../shared/preferences';
import { setUserData } from '../../shared/session';
import { LayoutSwitcher, SkinChoice } from '../../shared/ui/LayoutSwitcher';
import { PasswordInput } from '../../shared/ui/PasswordInput';
import { StackedForm } from '../../shared/ui/StackedForm';
import { useUserData } from '../../shared/useSession';
import { ConfirmPasswordItem, NewPasswordItem } from '../auth/AuthParts';
import { accountApi, type UpdateAccountRequest } from './api';
import { SessionsCard } from './SessionsCard';

function ProfileCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useUserData();
  const [form] = Form.useForm<{ fullName: string }>();
  const save = useMutation({
    mutationFn: (fullName: string) => accountApi.update({ fullName }),
    onSuccess: (userData) => {
      setUserData(userData);
      void message.success(t('account:saved'));
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error, t, ['fullName'])) void message.error(apiErrorMessage(t, error));
    },
  });

  useEffect(() => {
    if (user) form.setFieldsValue({ fullName: user.fullName });
  }, [user, form]);

  return (
    <Card title={t('account:profileTitle')}>
      <StackedForm
        form={form}
        name="account"
        disabled={save.isPending}
        onFinish={(values) => save.mutate(values.fullName.trim())}
      >
        <Form.Item
          label={t('account:fields.fullName')}
          name="fullName"
          rules={[requiredRule(t), schemaRule(updateAccountRequestSchema.shape.fullName.unwrap(), t)]}
        >
          <Input autoComplete="name" maxLength={120} />
        </Form.Item>
        <Form.Item label={t('account:fields.email')} htmlFor="account_email">
          <Input id="account_email" value={user?.email ?? ''} readOnly disabled />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
      </StackedForm>
    </Card>
  );
}

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

function PasswordCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const change = useMutation({
    mutationFn: accountApi.changePassword,
    onSuccess: () => {
      form.resetFields();
      void message.success(t('account:password.changed'));
    },
    onError: (error) => {
      if (isApiError(error) && error.error === 'invalid_credentials') {
        form.setFields([{ name: 'currentPassword', errors: [fieldErrorMessage(t, 'current_password_wrong')] }]);
        document.getElementById('password_currentPassword')?.focus();
        return;
      }
      if (!applyFieldErrors(form, error, t, ['currentPassword', 'newPassword'])) {
        void message.error(apiErrorMessage(t, error));
      }
    },
  });

  return (
    <Card title={t('account:password.title')}>
      <p className="screen-lead">{t('account:password.lead')}</p>
      <StackedForm
        form={form}
        name="password"
        disabled={change.isPending}
        onFinish={(values) =>
          change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword })
        }
      >
        <Form.Item label={t('account:password.current')} name="currentPassword" rules={[requiredRule(t)]}>
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <NewPasswordItem label={t('account:password.new')} name="newPassword" />
        <ConfirmPasswordItem label={t('account:password.confirm')} of="newPassword" />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('account:password.submit')}
        </Button>
      </StackedForm>
    </Card>
  );
}

function PreferencesCard() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const language = currentLanguage();
  const save = useMutation({
    mutationFn: (preferences: NonNullable<UpdateAccountRequest['preferences']>) => accountApi.update({ preferences }),
    onSuccess: (userData) => setUserData(userData),
  });

  const apply = (change: { language?: Language; skin?: Skin; layout?: LayoutType }) => {
    // Applied at once and kept in this browser; then saved to the account.
    if (change.language) void setLanguage(change.language, { remote: false });
    if (change.skin) setSkin(change.skin, { remote: false });
    if (change.layout) setLayout(change.layout, { remote: false });
    // A horizontal layout turns semi-dark into light; the account keeps the same pair.
    const skinChanged = change.layout && getPreferences().skin !== prefs.skin;
    save.mutate(skinChanged ? { ...change, skin: getPreferences().skin } : change);
  };

  return (
    <Card title={t('account:preferences.title')}>
      <p className="screen-lead">{t('account:preferences.lead')}</p>
      <div className="pref-row">
        <label className="pref-row__label" htmlFor="account_language">
          {t('common:language.label')}
        </label>
        <Select
          id="account_language"
          value={language}
          onChange={(value: Language) => apply({ language: value })}
          options={LANGUAGES.map((value) => ({
            value,
            label: <span lang={value}>{LANGUAGE_ENDONYMS[value]}</span>,
          }))}
          style={{ maxWidth: 280 }}
        />
      </div>
      <div className="pref-row">
        <span className="pref-row__label" id="account_skin_label">
          {t('common:skin.label')}
        </span>
        <SkinChoice
          id="account_skin"
          value={prefs.skin}
          layout={prefs.layout}
          onChange={(skin) => apply({ skin })}
          labelledBy="account_skin_label"
        />
      </div>
      <div className="pref-row">
        <span className="pref-row__label" id="account_layout_label">
          {t('common:layout.label')}
        </span>
        <LayoutSwitcher id="account_layout" value={prefs.layout} onChange={(layout) => apply({ layout })} />
      </div>
      <div className="pref-status" aria-live="polite">
        {save.isPending && t('account:preferences.saving')}
        {save.isSuccess && !save.isPending && t('account:preferences.saved')}
      </div>
      {save.isError && (
        <Alert
          type="warning"
          showIcon
          title={t('account:preferences.notSaved')}
          description={apiErrorMessage(t, save.error)}
        />
      )}
    </Card>
  );
}

/** The staff member's own account: name, password, language, skin and layout, and where they are signed in. */
export default function AccountSettingPage() {
  return (
    <div className="screen account-grid" data-testid="screen-account-setting">
      <ProfileCard />
      <PasswordCard />
      <PreferencesCard />
      <SessionsCard />
    </div>
  );
}
