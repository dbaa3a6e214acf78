import type { DuplicateMember, Member } from '@gym/contract/members';
import { Alert, App, Button, Form, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/errorMessages';
import { useCentreToday } from '../../../shared/today';
import { duplicatesOf, useUpdateMember } from '../api';
import { applyMemberFieldErrors } from '../formErrors';
import { type MemberFormValues, profileOfMember, updateRequestOf } from '../memberForm';
import { DuplicateWarning } from './DuplicateWarning';
import { MemberForm } from './MemberForm';

function formValuesOf(member: Member): Partial<MemberFormValues> {
  const profile = profileOfMember(member);
  return {
    ...profile,
    birthday: profile.birthday ? dayjs(profile.birthday) : null,
    guardian: profile.guardian ?? { name: '', phone: '', relationship: '' },
  };
}

export function ProfileTab({ member, readOnly }: { member: Member; readOnly: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MemberFormValues>();
  const update = useUpdateMember(member.id);
  const todayAt = useCentreToday();
  const [duplicates, setDuplicates] = useState<DuplicateMember[] | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);

  const save = (values: MemberFormValues, confirmDifferentPerson: boolean) => {
    setPageError(null);
    const patch = updateRequestOf(values, member, confirmDifferentPerson, todayAt(values.homeCenterId));
    const changed = Object.keys(patch).filter((k) => k !== 'confirmDifferentPerson');
    if (changed.length === 0) {
      void message.info(t('members:profile.unchanged'));
      return;
    }
    update.mutate(patch, {
      onSuccess: (saved) => {
        setDuplicates(null);
        form.setFieldsValue(formValuesOf(saved));
        void message.success(t('members:profile.saved'));
      },
      onError: (error) => {
        const found = duplicatesOf(error);
        setDuplicates(found);
        const marked = applyMemberFieldErrors(form, error, t);
        if (!found && !marked) setPageError(apiErrorMessage(t, error));
      },
    });
  };

  return (
    <div className="member-tab" data-testid="member-profile">
      <MemberForm
        form={form}
        mode="edit"
        initialValues={formValuesOf(member)}
        disabled={readOnly || update.isPending}
        hasGuardian={Boolean(member.guardian)}
        onFinish={(values) => save(values, false)}
        footer={
          readOnly ? null : (
            <>
              {duplicates && duplicates.length > 0 && (
                <DuplicateWarning
                  duplicates={duplicates}
                  confirming={update.isPending}
                  onConfirm={() => void form.validateFields().then((values) => save(values, true))}
                />
              )}
              {pageError && <Alert type="error" showIcon role="alert" title={pageError} className="form-alert" />}
              <Space className="form-footer">
                <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="member-save">
                  {t('common:actions.save')}
                </Button>
                <Button htmlType="button" onClick={() => form.resetFields()}>
                  {t('members:profile.undo')}
                </Button>
              </Space>
            </>
          )
        }
      />
    </div>
  );
}
