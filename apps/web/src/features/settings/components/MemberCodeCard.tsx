import { MEMBER_CODE_TOKENS, memberCodePatternSchema, renderMemberCode } from '@gym/contract/config';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule, schemaRule } from '../../../shared/api/errorMessages';
import { useCenterId } from '../../../shared/centerSelection';
import { useCenters } from '../../../shared/centers';
import { useNextMemberSeq } from '../api';
import type { ConfigValues } from '../configForm';

/** The code the next member would get with the pattern typed, at the tab's centre (else the first). */
function MemberCodePreview({
  initial,
  centerCode,
  timeZone,
}: {
  initial: string;
  centerCode: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const pattern = Form.useWatch<string | undefined>('memberCodePattern') ?? '';
  const valid = memberCodePatternSchema.safeParse(pattern);
  // The real next number from the server's counter (not 1), so the preview shows the code the next member gets.
  const next = useNextMemberSeq();
  const seq = next.data?.nextSeq ?? 1;
  return (
    <div className="config-preview" aria-live="polite" data-testid="member-code-preview">
      {valid.success ? (
        <>
          {t('settings:memberCode.preview')}{' '}
          <code>{renderMemberCode(valid.data, { initial, centerCode, date: new Date(), timeZone, seq })}</code>
        </>
      ) : (
        t('settings:memberCode.noPreview')
      )}
    </div>
  );
}

/** The pattern's tokens, each a button that adds it to the pattern. */
function TokenList({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ConfigValues>();
  return (
    <div className="token-list">
      <span id="member-code-tokens">{t('settings:memberCode.tokens')}</span>
      <ul aria-labelledby="member-code-tokens">
        {MEMBER_CODE_TOKENS.map((token) => {
          const inserted = token === '{SEQ:n}' ? '{SEQ:6}' : token;
          return (
            <li key={token}>
              <Button
                size="small"
                disabled={disabled}
                onClick={() => {
                  const current = form.getFieldValue('memberCodePattern') ?? '';
                  form.setFieldValue('memberCodePattern', `${current}${inserted}`);
                  void form.validateFields(['memberCodePattern']);
                }}
                aria-label={t('settings:memberCode.insert', { token: inserted })}
              >
                <code>{token}</code>
              </Button>{' '}
              <span className="token-list__text">{t(`settings:memberCode.token.${token.replace(/[{}:]/g, '')}`)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** How member codes are made: the pattern, its preview and its tokens. */
export function MemberCodeCard({ initial, canUpdate }: { initial: string; canUpdate: boolean }) {
  const { t } = useTranslation();
  const centerId = useCenterId();
  const centers = useCenters();
  const previewCenter = centers.data?.find((c) => c.id === centerId) ?? centers.data?.[0];
  const centerCode = previewCenter?.code ?? 'CWB';
  const previewTimeZone = previewCenter?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Card title={t('settings:memberCode.title')}>
      <Form.Item
        label={t('settings:memberCode.pattern')}
        name="memberCodePattern"
        extra={t('settings:memberCode.help')}
        rules={[requiredRule(t), schemaRule(memberCodePatternSchema, t)]}
      >
        <Input maxLength={40} autoComplete="off" spellCheck={false} style={{ maxWidth: 360 }} />
      </Form.Item>
      <MemberCodePreview initial={initial} centerCode={centerCode} timeZone={previewTimeZone} />
      <TokenList disabled={!canUpdate} />
    </Card>
  );
}
