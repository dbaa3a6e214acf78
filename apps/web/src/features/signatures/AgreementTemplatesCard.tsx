import './signatures.css';
import { PlusOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@gym/contract/constants';
import {
  AGREEMENT_KINDS,
  AGREEMENT_PLACEHOLDERS,
  type AgreementKind,
  type AgreementTemplate,
  type AgreementTemplateCreate,
  agreementTemplateCreateSchema,
} from '@gym/contract/signatures';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { showErrorOnFields } from '../../shared/api/formErrors';
import { LANGUAGE_ENDONYMS } from '../../shared/i18n/languages';
import { ErrorState } from '../../shared/ui/ScreenStates';
import { useDates } from '../../shared/useDates';
import { useAgreementTemplates, useSaveTemplate } from './api';

const { shape } = agreementTemplateCreateSchema;
const FIELDS = ['code', 'kind', 'language', 'title', 'body'] as const;

/** The template being written: a new one, or the current version of one being changed. */
type Editing = { template: AgreementTemplate | null };

function TemplateForm({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AgreementTemplateCreate>();
  const save = useSaveTemplate();
  const current = editing.template;
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (values: AgreementTemplateCreate) => {
    setProblem(null);
    save.mutate(current ? { ...values, id: current.id } : values, {
      onSuccess: (saved) => {
        void message.success(t('signatures:templates.saved', { version: saved.version }));
        onClose();
      },
      onError: (error) => {
        if (!showErrorOnFields(form, error, t, FIELDS, { code_taken: 'code' })) setProblem(apiErrorMessage(t, error));
      },
    });
  };

  return (
    <Modal
      open
      width={720}
      className="template-dialog"
      title={current ? t('signatures:templates.editTitle', { code: current.code }) : t('signatures:templates.newTitle')}
      okText={
        current ? t('signatures:templates.saveVersion', { version: current.version + 1 }) : t('common:actions.save')
      }
      okButtonProps={{ loading: save.isPending, 'data-testid': 'template-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {current ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="template-new-version"
          message={t('signatures:templates.newVersion', { current: current.version, next: current.version + 1 })}
        />
      ) : null}
      <Form<AgreementTemplateCreate>
        form={form}
        layout="vertical"
        name="agreement_template"
        disabled={save.isPending}
        initialValues={
          current
            ? {
                code: current.code,
                kind: current.kind,
                language: current.language,
                title: current.title,
                body: current.body,
              }
            : { kind: 'membership_terms', language: LANGUAGES[0] }
        }
        onFinish={submit}
      >
        <div className="form-columns">
          <Form.Item
            name="code"
            label={t('signatures:templates.code')}
            extra={t('signatures:templates.codeHelp')}
            rules={current ? [] : [requiredRule(t), schemaRule(shape.code, t)]}
          >
            <Input disabled={Boolean(current)} maxLength={60} data-testid="template-code" autoFocus={!current} />
          </Form.Item>
          <Form.Item name="kind" label={t('signatures:templates.kind')} rules={[{ required: true }]}>
            <Select
              disabled={Boolean(current)}
              options={AGREEMENT_KINDS.map((kind) => ({ value: kind, label: t(`signatures:kinds.${kind}`) }))}
              data-testid="template-kind"
            />
          </Form.Item>
          <Form.Item name="language" label={t('signatures:templates.language')} rules={[{ required: true }]}>
            <Select
              disabled={Boolean(current)}
              options={LANGUAGES.map((language) => ({
                value: language,
                label: <span lang={language}>{LANGUAGE_ENDONYMS[language]}</span>,
              }))}
              data-testid="template-language"
            />
          </Form.Item>
        </div>
        <Form.Item
          name="title"
          label={t('signatures:templates.title')}
          rules={[requiredRule(t), schemaRule(shape.title, t)]}
        >
          <Input maxLength={200} data-testid="template-title" autoFocus={Boolean(current)} />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('signatures:templates.body')}
          rules={[requiredRule(t), schemaRule(shape.body, t)]}
          extra={
            <span data-testid="template-placeholders">
              {t('signatures:templates.placeholders')}{' '}
              {AGREEMENT_PLACEHOLDERS.map((name) => (
                <Typography.Text code key={name}>{`{{${name}}}`}</Typography.Text>
              ))}
            </span>
          }
        >
          <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} data-testid="template-body" />
        </Form.Item>
        {problem ? <Alert type="error" showIcon message={problem} /> : null}
      </Form>
    </Modal>
  );
}

/**
 * The organisation's agreement templates on `/system-config`: each code in each language with its
 * current version; staff who manage signatures add one or change one (which saves its next version:
 * documents signed before keep naming theirs).
 */
export function AgreementTemplatesCard({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const dates = useDates();
  const templates = useAgreementTemplates();
  const [editing, setEditing] = useState<Editing | null>(null);

  return (
    <Card
      title={t('signatures:templates.heading')}
      data-testid="agreement-templates"
      extra={
        canManage ? (
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ template: null })} data-testid="template-add">
            {t('signatures:templates.add')}
          </Button>
        ) : null
      }
    >
      <p className="screen-lead">{t('signatures:templates.lead')}</p>
      {templates.isError ? (
        <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />
      ) : (
        <Table<AgreementTemplate>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 640 }}
          loading={templates.isPending}
          dataSource={templates.data?.items ?? []}
          locale={{ emptyText: t('signatures:templates.none') }}
          data-testid="agreement-template-list"
          columns={[
            { title: t('signatures:templates.code'), dataIndex: 'code' },
            {
              title: t('signatures:templates.language'),
              dataIndex: 'language',
              render: (language: keyof typeof LANGUAGE_ENDONYMS) => (
                <span lang={language}>{LANGUAGE_ENDONYMS[language] ?? language}</span>
              ),
            },
            {
              title: t('signatures:templates.kind'),
              dataIndex: 'kind',
              render: (kind: AgreementKind) => t(`signatures:kinds.${kind}`),
            },
            { title: t('signatures:templates.title'), dataIndex: 'title' },
            {
              title: t('signatures:templates.version'),
              dataIndex: 'version',
              render: (version: number, tpl) => (
                <span data-testid="template-version">
                  {t('signatures:templates.versionOf', { version, date: dates.date(tpl.createdAt) })}
                </span>
              ),
            },
            ...(canManage
              ? [
                  {
                    title: t('signatures:templates.actions'),
                    key: 'edit',
                    // On a narrow screen the table scrolls; the action stays in sight.
                    fixed: 'right' as const,
                    render: (_: unknown, tpl: AgreementTemplate) => (
                      <Button
                        size="small"
                        onClick={() => setEditing({ template: tpl })}
                        aria-label={t('signatures:templates.editLabel', { title: tpl.title, language: tpl.language })}
                        data-testid="template-edit"
                      >
                        {t('signatures:templates.edit')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {editing ? <TemplateForm editing={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
