import { type Group, groupInputSchema } from '@gym/contract/members';
import { App, ColorPicker, Form, Input, type InputRef, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, applyFieldErrors, requiredRule, schemaRule } from '../../../shared/api/errorMessages';
import { useFocusWhenOpen } from '../../../shared/ui/useFocusWhenOpen';
import { useCreateGroup, useUpdateGroup } from '../api';

interface Values {
  name: string;
  description?: string | null;
  color: string;
}

const DEFAULT_COLOUR = '#7367f0';
const PRESETS = ['#7367f0', '#28c76f', '#ea5455', '#ff9f43', '#00cfe8', '#1e88e5', '#8d6e63', '#546e7a'];

interface Props {
  /** The group to edit, or null to create one. */
  group: Group | null;
  open: boolean;
  onClose: () => void;
}

export function GroupFormModal({ group, open, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const saving = create.isPending || update.isPending;
  const nameField = useFocusWhenOpen<InputRef>();

  const onError = (error: unknown) => {
    if (!applyFieldErrors(form, error, t, ['name', 'description', 'color']))
      void message.error(apiErrorMessage(t, error));
  };

  const finish = (values: Values) => {
    const body = {
      name: values.name.trim(),
      description: values.description?.trim() ? values.description.trim() : null,
      color: values.color,
    };
    const done = () => {
      void message.success(t(group ? 'groups:saved' : 'groups:created', { name: body.name }));
      onClose();
    };
    if (group) update.mutate({ id: group.id, body }, { onSuccess: done, onError });
    else create.mutate(body, { onSuccess: done, onError });
  };

  return (
    <Modal
      open={open}
      title={group ? t('groups:editTitle', { name: group.name }) : t('groups:createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('members:actions.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'group-save' }}
      afterOpenChange={nameField.afterOpenChange}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="group"
        layout="vertical"
        preserve={false}
        disabled={saving}
        initialValues={{
          name: group?.name ?? '',
          description: group?.description ?? '',
          color: group?.color ?? DEFAULT_COLOUR,
        }}
        onFinish={finish}
      >
        <Form.Item
          name="name"
          label={t('groups:fields.name')}
          rules={[requiredRule(t), schemaRule(groupInputSchema.shape.name, t)]}
        >
          <Input ref={nameField.ref} autoFocus autoComplete="off" maxLength={80} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('groups:fields.description')}
          rules={[schemaRule(groupInputSchema.shape.description, t)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
        </Form.Item>
        <Form.Item
          name="color"
          label={t('groups:fields.color')}
          getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}
          rules={[schemaRule(groupInputSchema.shape.color, t)]}
        >
          <ColorPicker
            format="hex"
            disabledAlpha
            showText
            presets={[{ label: t('groups:fields.presets'), colors: PRESETS }]}
            aria-label={t('groups:fields.color')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
