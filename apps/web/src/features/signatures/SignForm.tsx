import './signatures.css';
import type { PublicSignatureDocument, SignatureSubmit } from '@gym/contract/signatures';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignatureCanvas } from './SignatureCanvas';

interface Values {
  signerName: string;
  guardianName?: string;
  guardianRelation?: string;
}

/**
 * The document to read, the consent step, then the signature (drawn or typed) and, for a minor, the
 * guardian's: the body the signing address takes. The signer's time zone goes with it.
 */
export function SignForm({
  doc,
  busy,
  error,
  onSubmit,
}: {
  doc: PublicSignatureDocument;
  busy: boolean;
  error: string | null;
  onSubmit: (body: SignatureSubmit) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [consent, setConsent] = useState(false);
  const [consented, setConsented] = useState(false);
  const [png, setPng] = useState<string | null>(null);
  const [guardianPng, setGuardianPng] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const onMember = useCallback((p: string | null) => setPng(p), []);
  const onGuardian = useCallback((p: string | null) => setGuardianPng(p), []);

  return (
    <div data-testid="signature-form">
      <h2 className="signature-title" data-testid="signature-document-title">
        {doc.title}
      </h2>
      <div className="signature-document" data-testid="signature-document">
        {doc.body}
      </div>
      {!consented ? (
        <div data-testid="signature-consent-step">
          <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} data-testid="signature-consent">
            {t('signatures:page.consent')}
          </Checkbox>
          <div style={{ marginTop: 16 }}>
            <Button
              type="primary"
              size="large"
              disabled={!consent}
              onClick={() => setConsented(true)}
              data-testid="signature-continue"
            >
              {t('signatures:page.continue')}
            </Button>
          </div>
        </div>
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ signerName: doc.memberName }}
          disabled={busy}
          onFinish={(values) => {
            if (!png || (doc.guardianRequired && !guardianPng)) {
              setMissing(t('signatures:page.signatureRequired'));
              return;
            }
            setMissing(null);
            onSubmit({
              consent: true,
              signerName: values.signerName.trim(),
              signaturePng: png,
              ...(doc.guardianRequired && guardianPng && values.guardianName
                ? {
                    guardian: {
                      name: values.guardianName.trim(),
                      ...(values.guardianRelation?.trim() ? { relation: values.guardianRelation.trim() } : {}),
                      signaturePng: guardianPng,
                    },
                  }
                : {}),
              timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            });
          }}
        >
          <Form.Item
            name="signerName"
            label={t('signatures:page.name')}
            rules={[{ required: true, whitespace: true, message: t('signatures:page.nameRequired') }]}
          >
            <Input size="large" maxLength={200} data-testid="signature-name" />
          </Form.Item>
          <SignatureCanvas onChange={onMember} testId="signature-member" />
          {doc.guardianRequired ? (
            <fieldset data-testid="signature-guardian">
              <legend>{t('signatures:page.guardianTitle')}</legend>
              <p>{t('signatures:page.guardianHelp')}</p>
              <Form.Item
                name="guardianName"
                label={t('signatures:page.guardianName')}
                rules={[{ required: true, whitespace: true, message: t('signatures:page.nameRequired') }]}
              >
                <Input size="large" maxLength={200} data-testid="signature-guardian-name" />
              </Form.Item>
              <Form.Item name="guardianRelation" label={t('signatures:page.guardianRelation')}>
                <Input maxLength={60} />
              </Form.Item>
              <SignatureCanvas onChange={onGuardian} testId="signature-guardian-pad" />
            </fieldset>
          ) : null}
          {missing || error ? (
            <Alert type="error" showIcon message={missing ?? error} style={{ marginBottom: 16 }} />
          ) : null}
          <Button type="primary" size="large" htmlType="submit" loading={busy} data-testid="signature-submit" block>
            {t('signatures:page.sign')}
          </Button>
        </Form>
      )}
    </div>
  );
}
