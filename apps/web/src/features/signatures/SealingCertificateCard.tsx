import './signatures.css';
import { UploadOutlined } from '@ant-design/icons';
import { signingCertificateUploadSchema } from '@gym/contract/signatures';
import { Alert, App, Button, Card, Descriptions, Form, Input, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { placeFieldErrors } from '../../shared/api/formErrors';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { useDates } from '../../shared/useDates';
import { useSigningCertificate, useUploadCertificate } from './api';
import { certificateFieldMessage, P12_MAX_BASE64 } from './certificateForm';
import { base64Of } from './fileBase64';

interface Values {
  p12?: { name: string; base64: string } | null;
  passphrase?: string;
}

/** The chosen PKCS#12 file: a button to choose it (by keyboard too), and its name once chosen. */
function P12Field({
  value,
  onChange,
  id,
}: {
  value?: Values['p12'];
  onChange?: (v: Values['p12']) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <Upload
      accept=".p12,.pfx,application/x-pkcs12"
      showUploadList={false}
      maxCount={1}
      beforeUpload={(file) => {
        void base64Of(file).then((base64) => onChange?.({ name: file.name, base64 }));
        return false;
      }}
    >
      <Button id={id} icon={<UploadOutlined />} data-testid="certificate-choose">
        {value ? value.name : t('signatures:certificate.choose')}
      </Button>
    </Upload>
  );
}

/**
 * The organisation's sealing certificate on `/system-config`: which one seals the signed documents
 * (made self-signed at the first signature, or uploaded), its subject and validity; staff who may
 * change the settings upload their own as a PKCS#12 with its password.
 */
export function SealingCertificateCard({ canUpload }: { canUpload: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dates = useDates();
  const certificate = useSigningCertificate();
  const upload = useUploadCertificate();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const title = t('signatures:certificate.title');

  if (certificate.isPending) {
    return (
      <Card title={title}>
        <LoadingState />
      </Card>
    );
  }
  if (certificate.isError) {
    return (
      <Card title={title}>
        <ErrorState error={certificate.error} onRetry={() => void certificate.refetch()} />
      </Card>
    );
  }
  const current = certificate.data.certificate;
  return (
    <Card title={title} data-testid="sealing-certificate">
      <p className="screen-lead">{t('signatures:certificate.lead')}</p>
      {current ? (
        <Descriptions size="small" column={1} bordered data-testid="certificate-current">
          <Descriptions.Item label={t('signatures:certificate.source')}>
            <Tag color={current.source === 'uploaded' ? 'blue' : 'default'} data-testid="certificate-source">
              {t(`signatures:certificate.sources.${current.source}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('signatures:certificate.subject')}>
            <span className="certificate-subject">{current.subject}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('signatures:certificate.validUntil')}>
            {dates.date(current.notAfter)}
          </Descriptions.Item>
          <Descriptions.Item label={t('signatures:certificate.fingerprint')}>
            <Typography.Text code copyable className="certificate-fingerprint">
              {current.fingerprint}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Alert type="info" showIcon message={t('signatures:certificate.none')} data-testid="certificate-none" />
      )}
      {canUpload ? (
        <Form<Values>
          form={form}
          layout="vertical"
          name="signing_certificate"
          className="certificate-upload"
          disabled={upload.isPending}
          onFinish={(values) => {
            setProblem(null);
            upload.mutate(
              { p12: values.p12?.base64 ?? '', passphrase: values.passphrase ?? '' },
              {
                onSuccess: () => {
                  form.resetFields();
                  void message.success(t('signatures:certificate.uploaded'));
                },
                onError: (error) => {
                  const { placed, rest } = placeFieldErrors(
                    form,
                    error,
                    t,
                    (path) => (path === 'p12' || path === 'passphrase' ? path : null),
                    (code) => certificateFieldMessage(t, code),
                  );
                  if (placed === 0) setProblem(rest[0] ?? apiErrorMessage(t, error));
                },
              },
            );
          }}
        >
          <Typography.Title level={5}>{t('signatures:certificate.uploadTitle')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('signatures:certificate.uploadHelp')}</Typography.Paragraph>
          <Form.Item
            name="p12"
            label={t('signatures:certificate.file')}
            rules={[
              { required: true, message: t('errors:validation.required') },
              {
                validator: async (_rule, value: Values['p12']) => {
                  if (value && value.base64.length > P12_MAX_BASE64)
                    throw new Error(certificateFieldMessage(t, 'too_big'));
                },
              },
            ]}
          >
            <P12Field />
          </Form.Item>
          <Form.Item
            name="passphrase"
            label={t('signatures:certificate.password')}
            rules={[{ max: signingCertificateUploadSchema.shape.passphrase.maxLength ?? 200 }]}
          >
            <Input.Password autoComplete="off" style={{ maxWidth: 320 }} data-testid="certificate-password" />
          </Form.Item>
          {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} /> : null}
          <Button type="primary" htmlType="submit" loading={upload.isPending} data-testid="certificate-upload">
            {t('signatures:certificate.upload')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
