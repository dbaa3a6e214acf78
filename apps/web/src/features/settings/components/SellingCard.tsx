import { ENTITLEMENT_ACTIVATIONS, paymentMethodConfigSchema } from '@gym/contract/config';
import { Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule, schemaRule } from '../../../shared/api/errorMessages';
import { parsePercent } from '../../../shared/ui/PercentInput';
import { ChoiceRadios } from './ChoiceRadios';
import { ConfigItem } from './ConfigItem';

/** Selling: when what is sold starts, the manual-discount cap, the organisation's own payment methods. */
export function SellingCard({ canUpdate }: { canUpdate: boolean }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings:selling.title')} data-testid="selling-card">
      <ConfigItem words="settings:selling.activation" name="entitlementActivation">
        <ChoiceRadios choices={ENTITLEMENT_ACTIVATIONS} words="settings:selling.activations" testId="activation" />
      </ConfigItem>
      <ConfigItem
        words="settings:selling.discountCap"
        name="manualDiscountCapBp"
        rules={[
          requiredRule(t),
          {
            validator: async (_rule, value: string | undefined) => {
              if (!value?.trim()) return;
              if (parsePercent(value) === null) throw new Error(t('settings:selling.discountCapRange'));
            },
          },
        ]}
      >
        <Input inputMode="decimal" autoComplete="off" suffix="%" style={{ maxWidth: 160 }} data-testid="discount-cap" />
      </ConfigItem>
      <h3 className="config-subtitle">{t('settings:selling.methods')}</h3>
      <p className="screen-lead">{t('settings:selling.methodsHelp')}</p>
      <Form.List name="paymentMethods">
        {(fields, { add, remove }) => (
          <div data-testid="payment-methods">
            {fields.map((field, index) => (
              <Space key={field.key} align="start" wrap>
                <Form.Item
                  name={[field.name, 'name']}
                  label={t('settings:selling.methodName')}
                  rules={[requiredRule(t), schemaRule(paymentMethodConfigSchema.shape.name, t)]}
                >
                  <Input maxLength={40} data-testid={`method-name-${index}`} />
                </Form.Item>
                <ConfigItem
                  words="settings:selling.methodCode"
                  name={[field.name, 'code']}
                  rules={[
                    requiredRule(t),
                    {
                      validator: async (_rule, value: string | undefined) => {
                        if (!value) return;
                        if (!paymentMethodConfigSchema.shape.code.safeParse(value.trim()).success) {
                          throw new Error(t('settings:selling.methodCodeInvalid'));
                        }
                        if (['cash', 'card', 'transfer'].includes(value.trim())) {
                          throw new Error(t('settings:selling.methodBuiltIn'));
                        }
                      },
                    },
                  ]}
                >
                  <Input maxLength={31} spellCheck={false} data-testid={`method-code-${index}`} />
                </ConfigItem>
                <Button
                  onClick={() => remove(field.name)}
                  aria-label={t('settings:selling.removeMethod')}
                  className="config-list-remove"
                >
                  {t('settings:selling.removeMethod')}
                </Button>
              </Space>
            ))}
            {canUpdate && (
              <Button onClick={() => add({ code: '', name: '' })} data-testid="method-add">
                {t('settings:selling.addMethod')}
              </Button>
            )}
          </div>
        )}
      </Form.List>
    </Card>
  );
}
