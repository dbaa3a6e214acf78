/**
 * Parts of the pages around signing in (registering, a forgotten password, a reset) and of the
 * account's password card. The sign-in page keeps its own markup: it is loaded within the entry's
 * budget, and this file is not.
 */
import { passwordSchema } from '@gym/contract/auth';
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requiredRule, sameAsRule, schemaRule } from '../../shared/api/errorMessages';
import { PasswordInput } from '../../shared/ui/PasswordInput';

/** The page's one action, as wide as its form. */
export function AuthSubmit({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button type="primary" htmlType="submit" block size="large" loading={loading}>
      {children}
    </Button>
  );
}

/** The way back to the sign-in page, under the form. */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <p className="auth-footer">
      <Link to="/login">{t('auth:backToLogin')}</Link>
    </p>
  );
}

/** A new password, the rule it must follow under it. */
export function NewPasswordItem({ label, name, autoFocus }: { label: string; name: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={label}
      name={name}
      extra={t('auth:passwordHelp')}
      rules={[requiredRule(t), schemaRule(passwordSchema, t)]}
    >
      <PasswordInput autoComplete="new-password" {...(autoFocus ? { autoFocus } : {})} />
    </Form.Item>
  );
}

/** The new password once more (`confirm`), the same as the field `of`. */
export function ConfirmPasswordItem({ label, of }: { label: string; of: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} name="confirm" dependencies={[of]} rules={[requiredRule(t), sameAsRule(of, t)]}>
      <PasswordInput autoComplete="new-password" />
    </Form.Item>
  );
}
