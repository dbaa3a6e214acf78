import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { Member } from '@gym/contract/members';
import { Alert, App, Button, Card, Form, Input, type InputRef, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/api/download';
import { apiErrorMessage, applyFieldErrors } from '../../../shared/api/errorMessages';
import { useFocusWhenOpen } from '../../../shared/ui/useFocusWhenOpen';
import { useEraseMember } from '../api';
import { useFormatters } from '../format';

/** Typing the member code again is the confirmation: erasing cannot be undone. */
function EraseDialog({ member, open, onClose }: { member: Member; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ confirmCode: string }>();
  const typed = Form.useWatch('confirmCode', form) ?? '';
  const erase = useEraseMember(member.id);
  const code = useFocusWhenOpen<InputRef>();
  return (
    <Modal
      open={open}
      title={t('members:privacy.eraseTitle', { code: member.code })}
      onCancel={onClose}
      afterOpenChange={code.afterOpenChange}
      destroyOnHidden
      okText={t('members:privacy.eraseConfirm')}
      okButtonProps={{
        danger: true,
        disabled: typed.trim() !== member.code,
        loading: erase.isPending,
        'data-testid': 'erase-confirm',
      }}
      cancelText={t('members:actions.cancel')}
      onOk={() => form.submit()}
    >
      <p>{t('members:privacy.eraseWarning')}</p>
      <Form
        form={form}
        name="erase"
        layout="vertical"
        onFinish={({ confirmCode }) =>
          erase.mutate(confirmCode.trim(), {
            onSuccess: () => {
              void message.success(t('members:privacy.erased'));
              onClose();
            },
            onError: (error) => {
              if (!applyFieldErrors(form, error, t, ['confirmCode'])) void message.error(apiErrorMessage(t, error));
            },
          })
        }
      >
        <Form.Item name="confirmCode" label={t('members:privacy.typeCode', { code: member.code })}>
          <Input ref={code.ref} autoComplete="off" autoFocus className="mono" data-testid="erase-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface Props {
  member: Member;
  /** The export holds everything about a person: the server lets whoever may edit members take it. */
  canExport: boolean;
  canErase: boolean;
}

export function PrivacyTab({ member, canExport, canErase }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const format = useFormatters();
  const [exporting, setExporting] = useState(false);
  const [erasing, setErasing] = useState(false);

  const exportData = async () => {
    setExporting(true);
    try {
      const file = await downloadFile(`/pro/students/${member.id}/privacy-export`, {
        fallbackName: `member-${member.code}.json`,
      });
      void message.success(t('members:export.done', { file: file.fileName }));
    } catch (error) {
      void message.error(t('members:export.failed', { reason: apiErrorMessage(t, error) }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="member-tab" data-testid="member-privacy">
      <Card size="small" title={t('members:privacy.exportTitle')} className="member-section">
        <p className="field-hint">{t('members:privacy.exportLead')}</p>
        {canExport ? (
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void exportData()}
            loading={exporting}
            data-testid="privacy-export"
          >
            {t('members:privacy.export')}
          </Button>
        ) : (
          <p className="field-hint">{t('members:privacy.exportNotAllowed')}</p>
        )}
      </Card>
      <Card size="small" title={t('members:privacy.eraseSection')} className="member-section">
        {member.erasedAt ? (
          <Alert
            type="info"
            showIcon
            title={t('members:privacy.erasedOn', { when: format.dateTime(member.erasedAt) })}
          />
        ) : canErase ? (
          <>
            <p className="field-hint">{t('members:privacy.eraseLead')}</p>
            <Button danger icon={<DeleteOutlined />} onClick={() => setErasing(true)} data-testid="erase-open">
              {t('members:privacy.erase')}
            </Button>
            <EraseDialog member={member} open={erasing} onClose={() => setErasing(false)} />
          </>
        ) : (
          <p className="field-hint">{t('members:privacy.eraseNotAllowed')}</p>
        )}
      </Card>
    </div>
  );
}
