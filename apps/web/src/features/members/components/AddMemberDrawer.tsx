import type { DuplicateMember, Member } from '@gym/contract/members';
import { Alert, App, Button, Drawer, Form, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/errorMessages';
import { getCenterId } from '../../../shared/centerSelection';
import { useCentreToday } from '../../../shared/today';
import { useIsDesktop } from '../../../shared/useMediaQuery';
import { duplicatesOf, useCreateMember } from '../api';
import { applyMemberFieldErrors } from '../formErrors';
import { createRequestOf, type MemberFormValues } from '../memberForm';
import { DuplicateWarning } from './DuplicateWarning';
import { MemberForm } from './MemberForm';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (member: Member) => void;
}

/**
 * Add member, in a drawer over the list: the desk keeps its search behind it, and lands on the new
 * member's page once saved (to attach a card or sell a membership next).
 */
export default function AddMemberDrawer({ open, onClose, onCreated }: Props) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const top = useRef<HTMLDivElement>(null);
  const asking = useRef(false);
  const isDesktop = useIsDesktop();
  const [form] = Form.useForm<MemberFormValues>();
  const create = useCreateMember();
  const todayAt = useCentreToday();
  const [duplicates, setDuplicates] = useState<DuplicateMember[] | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);

  const save = (values: MemberFormValues, confirmDifferentPerson: boolean) => {
    setPageError(null);
    create.mutate(createRequestOf(values, confirmDifferentPerson, todayAt(values.homeCenterId)), {
      onSuccess: (member) => {
        void message.success(t('members:add.created', { code: member.code }));
        onCreated(member);
      },
      onError: (error) => {
        const found = duplicatesOf(error);
        setDuplicates(found);
        const marked = applyMemberFieldErrors(form, error, t);
        if (!found && !marked) setPageError(apiErrorMessage(t, error));
      },
    });
  };

  // The duplicate alert sits above the form, where staff look first: bring it into view when it appears.
  useEffect(() => {
    if (duplicates?.length) top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [duplicates]);

  /** Esc, the close icon and Cancel: a form with something typed in asks before throwing it away. */
  const close = () => {
    if (create.isPending || asking.current) return;
    if (!form.isFieldsTouched()) {
      onClose();
      return;
    }
    asking.current = true;
    modal.confirm({
      title: t('members:add.discardTitle'),
      content: t('members:add.discardText'),
      okText: t('members:add.discard'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'discard-confirm' } },
      cancelText: t('members:add.keepEditing'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: onClose,
      onCancel: () => {
        asking.current = false;
      },
      afterClose: () => {
        asking.current = false;
      },
    });
  };

  const initialValues: Partial<MemberFormValues> = {
    status: 'active',
    source: 'walk_in',
    language: (i18n.resolvedLanguage as MemberFormValues['language'] | undefined) ?? 'en',
    marketingConsent: false,
    groupIds: [],
    photo: null,
    ...(getCenterId() ? { homeCenterId: getCenterId() as string } : {}),
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      afterOpenChange={(visible) => {
        // Unless someone already started typing (or opened a select) while the drawer slid in.
        if (visible && !document.getElementById('member')?.contains(document.activeElement)) {
          form.focusField('firstName');
        }
      }}
      title={t('members:add.title')}
      size={isDesktop ? 720 : '100%'}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="add-member-drawer"
      // The actions stay in view however long the form is.
      footer={
        <Space className="form-footer" data-testid="add-member-actions">
          <Button type="primary" onClick={() => form.submit()} loading={create.isPending} data-testid="member-save">
            {t('members:add.save')}
          </Button>
          <Button onClick={close} disabled={create.isPending}>
            {t('members:actions.cancel')}
          </Button>
        </Space>
      }
    >
      <MemberForm
        form={form}
        mode="create"
        initialValues={initialValues}
        disabled={create.isPending}
        onFinish={(values) => save(values, false)}
        notice={
          <div ref={top} className="add-member__notices">
            {duplicates && duplicates.length > 0 && (
              <DuplicateWarning
                duplicates={duplicates}
                confirming={create.isPending}
                onConfirm={() => void form.validateFields().then((values) => save(values, true))}
              />
            )}
            {pageError && <Alert type="error" showIcon role="alert" title={pageError} className="form-alert" />}
          </div>
        }
        footer={<button type="submit" hidden aria-hidden tabIndex={-1} />}
      />
    </Drawer>
  );
}
