import './signatures.css';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { AgreementKind, SignatureRequest, SignatureVerify, SignedDocument } from '@gym/contract/signatures';
import { Alert, App, Button, Card, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { downloadFile } from '../../shared/api/download';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { useDateTime } from '../../shared/useDates';
import { useMemberSignatures, useRevokeRequest, useVerifyPdf } from './api';
import { base64Of } from './fileBase64';
import { SendAgreement } from './SendAgreement';

const STATE_COLOURS: Record<string, string> = {
  pending: 'processing',
  signed: 'success',
  expired: 'default',
  revoked: 'default',
  replaced: 'default',
};

/** Upload a PDF: says whether it is one of ours and unmodified. */
export function VerifyPanel() {
  const { t } = useTranslation();
  const verify = useVerifyPdf();
  const [answer, setAnswer] = useState<SignatureVerify | null>(null);
  return (
    <Card size="small" title={t('signatures:verify.title')} data-testid="signature-verify">
      <Upload
        accept="application/pdf"
        showUploadList={false}
        beforeUpload={(file) => {
          setAnswer(null);
          void base64Of(file).then((pdf) => verify.mutate(pdf, { onSuccess: setAnswer }));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={verify.isPending} data-testid="signature-verify-choose">
          {t('signatures:verify.choose')}
        </Button>
      </Upload>
      {answer ? (
        <Alert
          style={{ marginTop: 12 }}
          showIcon
          type={answer.valid ? 'success' : 'error'}
          data-testid={answer.valid ? 'signature-verify-valid' : 'signature-verify-invalid'}
          message={
            answer.valid ? t('signatures:verify.valid') : t(`signatures:verify.${answer.reason ?? 'signature_invalid'}`)
          }
        />
      ) : null}
      {verify.isError ? (
        <Alert style={{ marginTop: 12 }} type="error" message={apiErrorMessage(t, verify.error)} />
      ) : null}
    </Card>
  );
}

/** The member file's documents: send an agreement (link or tablet), the signed documents and their PDFs, the requests. */
export function MemberDocumentsTab({ memberId, language }: { memberId: string; language: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const formatDateTime = useDateTime();
  const ability = useAbility();
  const signatures = useMemberSignatures(memberId);
  const revoke = useRevokeRequest(memberId);
  const canSend = ability.can('create', 'Signature');

  return (
    <div className="member-tab" data-testid="member-documents">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {canSend ? (
          <Card size="small" title={t('signatures:documents.send')}>
            <SendAgreement memberId={memberId} language={language} />
          </Card>
        ) : null}
        <Card size="small" title={t('signatures:documents.signed')}>
          <Table<SignedDocument>
            size="small"
            rowKey="id"
            pagination={false}
            loading={signatures.isPending}
            dataSource={signatures.data?.documents ?? []}
            locale={{ emptyText: t('signatures:documents.none') }}
            data-testid="signed-documents"
            columns={[
              { title: t('signatures:documents.title'), dataIndex: 'title' },
              {
                title: t('signatures:documents.kind'),
                dataIndex: 'kind',
                render: (kind: AgreementKind) => t(`signatures:kinds.${kind}`),
              },
              { title: t('signatures:documents.signer'), dataIndex: 'signerName' },
              {
                title: t('signatures:documents.signedAt'),
                dataIndex: 'signedAt',
                render: (at: string) => formatDateTime(at),
              },
              {
                title: '',
                key: 'pdf',
                render: (_: unknown, doc) => (
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    data-testid="signed-document-download"
                    onClick={() =>
                      void downloadFile(`/pro/signed-documents/${doc.id}/pdf`, {
                        fallbackName: `${doc.title}.pdf`,
                      }).catch((e: unknown) => void message.error(apiErrorMessage(t, e)))
                    }
                  >
                    {t('signatures:documents.download')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
        <Card size="small" title={t('signatures:documents.requests')}>
          <Table<SignatureRequest>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={signatures.data?.requests ?? []}
            locale={{ emptyText: t('signatures:documents.none') }}
            data-testid="signature-requests"
            columns={[
              { title: t('signatures:documents.title'), dataIndex: 'title' },
              {
                title: t('signatures:documents.channel'),
                dataIndex: 'channel',
                render: (c: string, r) =>
                  c === 'pad' ? t('signatures:documents.onPad', { pad: r.padId }) : t('signatures:documents.byLink'),
              },
              {
                title: t('signatures:documents.state'),
                dataIndex: 'state',
                render: (s: string) => <Tag color={STATE_COLOURS[s]}>{t(`signatures:states.${s}`)}</Tag>,
              },
              {
                title: '',
                key: 'revoke',
                render: (_: unknown, r) =>
                  r.state === 'pending' && ability.can('update', 'Signature') ? (
                    <Button size="small" danger onClick={() => revoke.mutate(r.id)}>
                      {t('signatures:documents.revoke')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </Card>
        <VerifyPanel />
      </Space>
    </div>
  );
}
