import { PlusOutlined } from '@ant-design/icons';
import { createExpenditureCategorySchema } from '@gym/contract/expenditures';
import { App, Button, Form, Input, List, Modal, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { showErrorOnFields } from '../../shared/api/formErrors';
import { type ExpenditureCategory, useExpenditureCategories, useSaveCategory } from './api';

/**
 * The organisation's expenditure categories, managed beside the list that uses them: add, rename
 * (click the name), retire or bring back. A retired category keeps its expenditures and is not
 * offered for new ones.
 */
export function CategoriesModal({ open, onClose, canEdit }: { open: boolean; onClose: () => void; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const categories = useExpenditureCategories(true);
  const save = useSaveCategory();

  const change = (category: ExpenditureCategory, body: { name?: string; active?: boolean }) =>
    save.mutate({ id: category.id, body }, { onError: (error) => void message.error(apiErrorMessage(t, error)) });

  return (
    <Modal
      open={open}
      title={t('expenditures:categories.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('expenditures:close')}</Button>}
      destroyOnHidden
      data-testid="categories-modal"
    >
      {canEdit && (
        <Form
          form={form}
          layout="inline"
          requiredMark={false}
          style={{ marginBottom: 16 }}
          onFinish={(values) =>
            save.mutate(
              { id: null, body: { name: values.name.trim() } },
              {
                onSuccess: () => form.resetFields(),
                onError: (error) => {
                  if (!showErrorOnFields(form, error, t, ['name'], { name_taken: 'name' })) {
                    void message.error(apiErrorMessage(t, error));
                  }
                },
              },
            )
          }
        >
          <Form.Item
            name="name"
            rules={[requiredRule(t), schemaRule(createExpenditureCategorySchema.shape.name, t)]}
            style={{ flex: 1 }}
          >
            <Input
              maxLength={60}
              placeholder={t('expenditures:categories.newPlaceholder')}
              aria-label={t('expenditures:categories.name')}
              data-testid="category-name"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<PlusOutlined />}
            loading={save.isPending}
            data-testid="category-add"
          >
            {t('expenditures:categories.add')}
          </Button>
        </Form>
      )}
      <List
        loading={categories.isPending}
        dataSource={categories.data ?? []}
        locale={{ emptyText: t('expenditures:categories.empty') }}
        renderItem={(category) => (
          <List.Item
            actions={
              canEdit
                ? [
                    <Space key="active" size="small">
                      <Switch
                        size="small"
                        checked={category.active}
                        onChange={(active) => change(category, { active })}
                        aria-label={t('expenditures:categories.inUse', { name: category.name })}
                      />
                      <span>
                        {category.active ? t('expenditures:categories.active') : t('expenditures:categories.retired')}
                      </span>
                    </Space>,
                  ]
                : []
            }
          >
            <Typography.Text
              type={category.active ? undefined : 'secondary'}
              editable={
                canEdit
                  ? {
                      maxLength: 60,
                      triggerType: ['text', 'icon'],
                      onChange: (name) => {
                        if (name.trim() && name.trim() !== category.name) change(category, { name: name.trim() });
                      },
                    }
                  : false
              }
            >
              {category.name}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Modal>
  );
}
