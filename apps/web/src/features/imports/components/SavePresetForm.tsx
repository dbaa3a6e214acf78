import { SaveOutlined } from '@ant-design/icons';
import { type ImportMapping, type ImportValues, importPresetInputSchema } from '@gym/contract/imports';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, applyFieldErrors, requiredRule, schemaRule } from '../../../shared/api/errorMessages';
import { type ImportPreset, useSavePreset } from '../api';

interface Props {
  mapping: ImportMapping;
  values: ImportValues;
  onSaved: (preset: ImportPreset) => void;
}

/** Saves the mapping on screen under a name (e.g. the previous software's), for its next export. */
export function SavePresetForm({ mapping, values, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const save = useSavePreset();
  return (
    <Form
      form={form}
      name="import-preset"
      layout="inline"
      className="import-preset-form"
      requiredMark={false}
      disabled={save.isPending}
      onFinish={({ name }) =>
        save.mutate(
          { name: name.trim(), mapping, values },
          {
            onSuccess: (preset) => {
              void message.success(t('imports:mapping.saved', { name: preset.name }));
              form.resetFields();
              onSaved(preset);
            },
            onError: (error) => {
              if (!applyFieldErrors(form, error, t, ['name'])) void message.error(apiErrorMessage(t, error));
            },
          },
        )
      }
    >
      <Form.Item
        name="name"
        label={t('imports:mapping.name')}
        rules={[requiredRule(t), schemaRule(importPresetInputSchema.shape.name, t)]}
      >
        <Input maxLength={80} autoComplete="off" />
      </Form.Item>
      <Button htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="import-preset-save">
        {t('imports:mapping.save')}
      </Button>
    </Form>
  );
}
