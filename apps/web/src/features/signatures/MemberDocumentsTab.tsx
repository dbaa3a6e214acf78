import './signatures.css';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { AgreementKind, SignatureRequest, SignatureVerify, SignedDocument } from '@gym/contract/signatures';
import { Alert, App, Button, Card, Input, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { downloadFile } from '../../shared/api/download';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { useCenterId } from '../../shared/centerSelection';
import { useDateTime } from '../../shared/useDates';
import { useAgreementTemplates, useMemberSignatures, useRevokeRequest, useSendForSignature, useVerifyPdf } from './api';

const STATE_COLOURS: Record<string, string> = {
  pending: 'processing',
  signed: 'success',
  expired: 'default',
  revoked: 'default',
  replaced: 'default',
};

/** Reads a chosen file as base64 (without the data URL's prefix). */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

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
  const templates = useAgreementTemplates();
  const signatures = useMemberSignatures(memberId);
  const send = useSendForSignature(memberId);
  const revoke = useRevokeRequest(memberId);
  const options = useMemo(() => {
    const all = templates.data?.items ?? [];
    const inLanguage = all.filter((tpl) => tpl.language === language);
    return (inLanguage.length ? inLanguage : all).map((tpl) => ({
      value: tpl.id,
      label: `${tpl.title} (${tpl.language}, v${tpl.version})`,
      kind: tpl.kind,
    }));
  }, [templates.data, language]);
  const [templateId, setTemplateId] = useState<string | undefined>();
  const [padId, setPadId] = useState('');
  const deskCentre = useCenterId();
  const [link, setLink] = useState<string | null>(null);
  const chosen = templateId ?? options.find((o) => o.kind === 'waiver')?.value ?? options[0]?.value;
  const canSend = ability.can('create', 'Signature');

  const sendBy = (channel: 'link' | 'pad') => {
    if (!chosen) return;
    setLink(null);
    send.mutate(
      {
        templateId: chosen,
        channel,
        // The tablet is at this desk's centre: only the tablets signed in there hear it.
        ...(channel === 'pad' ? { padId: padId.trim(), ...(deskCentre ? { centerId: deskCentre } : {}) } : {}),
      },
      {
        onSuccess: (answer) => {
          if (channel === 'link') setLink(answer.url);
          else void message.success(t('signatures:documents.sentToPad', { pad: padId.trim() }));
        },
        onError: (error) => void message.error(apiErrorMessage(t, error)),
      },
    );
  };

  return (
    <div className="member-tab" data-testid="member-documents">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {canSend ? (
          <Card size="small" title={t('signatures:documents.send')}>
            <Space wrap>
              <Select
                style={{ minWidth: 280 }}
                value={chosen}
                onChange={setTemplateId}
                options={options}
                loading={templates.isPending}
                aria-label={t('signatures:documents.template')}
                data-testid="signature-template"
              />
              <Button
                type="primary"
                onClick={() => sendBy('link')}
                loading={send.isPending}
                data-testid="signature-send-link"
              >
                {t('signatures:documents.sendLink')}
              </Button>
              <Input
                style={{ width: 140 }}
                value={padId}
                onChange={(e) => setPadId(e.target.value)}
                placeholder={t('signatures:documents.pad')}
                aria-label={t('signatures:documents.pad')}
                data-testid="signature-pad-id"
              />
              <Button onClick={() => sendBy('pad')} disabled={!padId.trim()} data-testid="signature-send-pad">
                {t('signatures:documents.sendToPad')}
              </Button>
            </Space>
            {link ? (
              <Alert
                style={{ marginTop: 12 }}
                type="info"
                message={t('signatures:documents.linkReady')}
                description={
                  <Typography.Text copyable data-testid="signature-link">
                    {link}
                  </Typography.Text>
                }
              />
            ) : null}
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
