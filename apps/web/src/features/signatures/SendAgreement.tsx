import type { AgreementKind } from '@gym/contract/signatures';
import { Alert, App, Button, Input, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { useCenterId } from '../../shared/centerSelection';
import { agreementOptions, firstChoice } from './agreementChoice';
import { useAgreementTemplates, useSendForSignature } from './api';

/**
 * Sends an agreement to a member to sign: by link (shown to copy) or to a desk tablet by its name.
 * The templates offered are in the member's language; `kind` limits them to one kind (the sale sends
 * the membership terms), else the waiver is chosen first.
 */
export function SendAgreement({
  memberId,
  language,
  kind,
}: {
  memberId: string;
  language: string;
  kind?: AgreementKind;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const templates = useAgreementTemplates();
  const send = useSendForSignature(memberId);
  const options = useMemo(
    () => agreementOptions(templates.data?.items ?? [], language, kind),
    [templates.data, language, kind],
  );
  const [templateId, setTemplateId] = useState<string | undefined>();
  const [padId, setPadId] = useState('');
  const deskCentre = useCenterId();
  const [link, setLink] = useState<string | null>(null);
  const chosen = templateId ?? firstChoice(options, kind ?? 'waiver');

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

  if (templates.isError) return <Alert type="error" showIcon message={apiErrorMessage(t, templates.error)} />;
  if (!templates.isPending && options.length === 0) {
    return (
      <Alert
        type="warning"
        showIcon
        message={t('signatures:documents.noTemplate')}
        data-testid="signature-no-template"
      />
    );
  }
  return (
    <>
      <Space wrap>
        <Select
          style={{ minWidth: 280, maxWidth: '100%' }}
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
          disabled={!chosen}
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
        <Button onClick={() => sendBy('pad')} disabled={!padId.trim() || !chosen} data-testid="signature-send-pad">
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
    </>
  );
}
