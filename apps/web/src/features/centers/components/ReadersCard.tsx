import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { createReaderRequestSchema, readerSnSchema } from '@gym/contract/readers';
import { App, Button, type ButtonProps, Card, Empty, Form, Input, Modal, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../shared/acl';
import { apiErrorMessage, requiredRule, schemaRule } from '../../../shared/api/errorMessages';
import { showErrorOnFields } from '../../../shared/api/formErrors';
import { OneLineTable } from '../../../shared/ui/OneLineTable';
import { StackedForm } from '../../../shared/ui/StackedForm';
import { useDateTime } from '../../../shared/useDates';
import { type CenterDetail, useCreateReader, useDeleteReader, useRotateReaderSecret, useUpdateReader } from '../api';
import { activeColumn } from './ActiveColumns';
import { ReaderSecretModal, type ShownSecret } from './ReaderSecretModal';

type ReaderRow = CenterDetail['readers'][number];

interface AddValues {
  name: string;
  sn: string;
}

function AddReaderModal({
  centerId,
  open,
  onClose,
  onCreated,
}: {
  centerId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (shown: ShownSecret) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddValues>();
  const create = useCreateReader();
  return (
    <Modal
      open={open}
      title={t('centers:readers.addTitle')}
      onCancel={onClose}
      okText={t('centers:readers.add')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'reader-add-submit' }}
      destroyOnHidden
    >
      <StackedForm
        enterSubmits
        form={form}
        name="reader"
        disabled={create.isPending}
        onFinish={(values) =>
          create.mutate(
            { centerId, name: values.name.trim(), sn: values.sn.trim() },
            {
              onSuccess: (answer) => {
                onCreated({
                  readerName: answer.reader.name,
                  sn: answer.reader.sn,
                  secret: answer.secret,
                  rotated: false,
                });
                // The answer holds the secret: it must not linger in the mutation's cache.
                create.reset();
              },
              onError: (error) => {
                if (!showErrorOnFields(form, error, t, ['name', 'sn'], { sn_taken: 'sn' })) {
                  void message.error(apiErrorMessage(t, error));
                }
              },
            },
          )
        }
      >
        <ReaderNameItem />
        <Form.Item
          label={t('centers:readers.sn')}
          name="sn"
          extra={t('centers:readers.snHelp')}
          rules={[requiredRule(t), schemaRule(readerSnSchema, t)]}
        >
          <Input maxLength={64} autoComplete="off" spellCheck={false} />
        </Form.Item>
        {/* Enter in a field submits the modal's form. */}
      </StackedForm>
    </Modal>
  );
}

function EditReaderModal({ reader, onClose }: { reader: ReaderRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; active: boolean }>();
  const update = useUpdateReader();
  return (
    <Modal
      open={Boolean(reader)}
      title={t('centers:readers.editTitle')}
      onCancel={onClose}
      okText={t('common:actions.save')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: update.isPending }}
      destroyOnHidden
    >
      {reader && (
        <StackedForm
          enterSubmits
          form={form}
          name="reader_edit"
          initialValues={{ name: reader.name, active: reader.active }}
          disabled={update.isPending}
          onFinish={(values) =>
            update.mutate(
              { id: reader.id, body: { name: values.name.trim(), active: values.active } },
              {
                onSuccess: () => {
                  void message.success(t('centers:saved'));
                  onClose();
                },
                onError: (error) => {
                  if (!showErrorOnFields(form, error, t, ['name'])) void message.error(apiErrorMessage(t, error));
                },
              },
            )
          }
        >
          <ReaderNameItem />
          <Form.Item label={t('centers:readers.sn')}>
            <Input value={reader.sn} readOnly disabled aria-label={t('centers:readers.sn')} />
          </Form.Item>
          <Form.Item label={t('centers:readers.active')} name="active" valuePropName="checked">
            <Switch />
          </Form.Item>
        </StackedForm>
      )}
    </Modal>
  );
}

/** A reader's name, as the add and edit forms ask for it. */
function ReaderNameItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('centers:readers.name')}
      name="name"
      rules={[requiredRule(t), schemaRule(createReaderRequestSchema.shape.name, t)]}
    >
      <Input maxLength={80} autoComplete="off" />
    </Form.Item>
  );
}

/** A reader's action: a small text button, its word on hover and the reader's name in its accessible name. */
function IconButton(props: ButtonProps) {
  return <Button size="small" type="text" {...props} />;
}

/** The centre's card readers: list, add (secret shown once), rotate the secret, edit, remove. */
export function ReadersCard({ center }: { center: CenterDetail }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const ability = useAbility();
  const formatDateTime = useDateTime();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ReaderRow | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const rotate = useRotateReaderSecret();
  const remove = useDeleteReader();

  const canCreate = ability.can('create', 'Reader');
  const canUpdate = ability.can('update', 'Reader');
  const canDelete = ability.can('delete', 'Reader');

  const confirmRotate = (reader: ReaderRow) =>
    modal.confirm({
      title: t('centers:readers.rotateConfirmTitle', { name: reader.name }),
      content: t('centers:readers.rotateConfirmText'),
      okText: t('centers:readers.rotate'),
      cancelText: t('centers:cancel'),
      onOk: () =>
        rotate
          .mutateAsync(reader.id)
          .then((answer) => {
            rotate.reset();
            setShown({ readerName: answer.reader.name, sn: answer.reader.sn, secret: answer.secret, rotated: true });
          })
          .catch((error: unknown) => {
            void message.error(apiErrorMessage(t, error));
          }),
    });

  const confirmRemove = (reader: ReaderRow) =>
    modal.confirm({
      title: t('centers:readers.removeConfirmTitle', { name: reader.name }),
      content: t('centers:readers.removeConfirmText'),
      okText: t('centers:readers.remove'),
      okButtonProps: { danger: true },
      cancelText: t('centers:cancel'),
      onOk: () =>
        remove
          .mutateAsync(reader.id)
          .then(() => void message.success(t('centers:readers.removed')))
          .catch((error: unknown) => {
            void message.error(apiErrorMessage(t, error));
          }),
    });

  return (
    <Card
      title={t('centers:readers.title')}
      data-testid="readers-card"
      extra={
        canCreate && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="reader-add">
            {t('centers:readers.add')}
          </Button>
        )
      }
    >
      <OneLineTable<ReaderRow>
        rowKey="id"
        size="middle"
        dataSource={center.readers}
        pagination={false}
        locale={{ emptyText: <Empty description={t('centers:readers.empty')} /> }}
        columns={[
          { key: 'name', title: t('centers:readers.name'), dataIndex: 'name' },
          { key: 'sn', title: t('centers:readers.sn'), dataIndex: 'sn', render: (sn: string) => <code>{sn}</code> },
          { ...activeColumn(t), title: t('centers:readers.active') },
          {
            key: 'lastSeenAt',
            title: t('centers:readers.lastSeen'),
            dataIndex: 'lastSeenAt',
            render: (at: string | null) => (at ? formatDateTime(at) : t('centers:readers.neverSeen')),
          },
          ...(canUpdate || canDelete
            ? [
                {
                  key: 'actions',
                  title: t('centers:actions'),
                  width: 140,
                  render: (_: unknown, reader: ReaderRow) => (
                    <Space size={4}>
                      {canUpdate && (
                        <>
                          <IconButton
                            icon={<EditOutlined />}
                            aria-label={t('centers:readers.editAria', { name: reader.name })}
                            title={t('centers:edit')}
                            onClick={() => setEditing(reader)}
                          />
                          <IconButton
                            icon={<KeyOutlined />}
                            aria-label={t('centers:readers.rotateAria', { name: reader.name })}
                            title={t('centers:readers.rotate')}
                            onClick={() => confirmRotate(reader)}
                            data-testid={`reader-rotate-${reader.sn}`}
                          />
                        </>
                      )}
                      {canDelete && (
                        <IconButton
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('centers:readers.removeAria', { name: reader.name })}
                          title={t('centers:readers.remove')}
                          onClick={() => confirmRemove(reader)}
                        />
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <AddReaderModal
        centerId={center.id}
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(next) => {
          setAdding(false);
          setShown(next);
        }}
      />
      <EditReaderModal reader={editing} onClose={() => setEditing(null)} />
      <ReaderSecretModal shown={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
