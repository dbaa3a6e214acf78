import { BOOKING_PAYMENTS, type BookingPaymentChoice } from '@gym/contract/classes';
import { Alert, App, Button, Form, Modal, Radio, type RefSelectProps, Result, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../shared/acl';
import { StackedForm } from '../../../shared/ui/StackedForm';
import { useFocusWhenOpen } from '../../../shared/ui/useFocusWhenOpen';
import { useEntitlements } from '../../sales/api';
import { type Booking, type ClassListItem, useBook } from '../api';
import { classErrorMessage } from '../classErrors';
import { BookingOutcome } from './BookingOutcome';
import { useClassDay } from './ClassParts';
import { MemberPicker, type PickedMember } from './MemberPicker';

export type BookTarget = Pick<ClassListItem, 'id' | 'date' | 'startTime' | 'endTime' | 'room' | 'type' | 'teacher'>;

/** The choices that name what pays (a package or a membership the desk may pick). */
export const picksEntitlement = (choice: BookingPaymentChoice) => choice === 'package' || choice === 'membership';

/** How a booking may be paid: a trial class only for a prospect. */
export const paymentChoices = (memberStatus: string | undefined): BookingPaymentChoice[] =>
  BOOKING_PAYMENTS.filter((p) => p !== 'trial' || memberStatus === 'prospect');

/** The member's entitlements that can pay a class: active packages with credits, active memberships. */
export function usePayingEntitlements(memberId: string | null, choice: BookingPaymentChoice) {
  const canRead = useAbility().can('read', 'Sale');
  const entitlements = useEntitlements(memberId ?? '', Boolean(memberId) && canRead && picksEntitlement(choice));
  const usable = (entitlements.data ?? []).filter(
    (e) =>
      e.status === 'active' &&
      !e.frozen &&
      (choice === 'package'
        ? e.kind === 'package' && (e.creditsLeft ?? 0) > 0 && e.usage !== 'rental'
        : e.kind === 'membership'),
  );
  return { usable, loading: entitlements.isFetching, readable: canRead };
}

/** How a booking is paid: the choices the member's status allows, as buttons. */
export function PaidByChoice({
  value,
  memberStatus,
  onChange,
  testId,
}: {
  value: BookingPaymentChoice;
  memberStatus: string | undefined;
  onChange: (choice: BookingPaymentChoice) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      onChange={(event) => onChange(event.target.value as BookingPaymentChoice)}
      optionType="button"
      options={paymentChoices(memberStatus).map((p) => ({ value: p, label: t(`classes:paidBy.${p}`) }))}
      data-testid={testId}
    />
  );
}

/** The field "which package / membership" pays (empty: the server picks); `withUntil`: a membership with its last day. */
export function EntitlementField({
  choice,
  paying,
  value,
  onChange,
  withUntil = false,
  testId,
}: {
  choice: BookingPaymentChoice;
  paying: ReturnType<typeof usePayingEntitlements>;
  value: string | null;
  onChange: (id: string | null) => void;
  withUntil?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t(choice === 'package' ? 'classes:book.whichPackage' : 'classes:book.whichMembership')}>
      <Select
        allowClear
        loading={paying.loading}
        value={value}
        onChange={(picked: string | null | undefined) => onChange(picked ?? null)}
        placeholder={t('classes:book.pickForMe')}
        notFoundContent={t(choice === 'package' ? 'classes:book.noPackage' : 'classes:book.noMembership')}
        options={paying.usable.map((e) => ({
          value: e.id,
          label:
            e.kind === 'package'
              ? t('classes:book.packageOption', { name: e.name, count: e.creditsLeft ?? 0 })
              : withUntil && e.validUntil
                ? t('classes:book.membershipOption', { name: e.name, until: e.validUntil })
                : e.name,
        }))}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** Books a member into one class from the class list: who, how it is paid, and what the server answered. */
export function BookDialog({ target, onClose }: { target: BookTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const day = useClassDay();
  const book = useBook();
  const [member, setMember] = useState<PickedMember | null>(null);
  const picker = useFocusWhenOpen<RefSelectProps>();
  const [choice, setChoice] = useState<BookingPaymentChoice>('auto');
  const [entitlementId, setEntitlementId] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Booking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const paying = usePayingEntitlements(member?.id ?? null, choice);

  const close = () => {
    setMember(null);
    setChoice('auto');
    setEntitlementId(null);
    setAnswer(null);
    setError(null);
    book.reset();
    onClose();
  };

  const submit = () => {
    if (!target || !member) return;
    setError(null);
    book.mutate(
      {
        memberId: member.id,
        classId: target.id,
        paidBy: choice,
        ...(picksEntitlement(choice) && entitlementId ? { entitlementId } : {}),
      },
      {
        onSuccess: (booking) => {
          setAnswer(booking);
          void message.success(
            booking.status === 'waitlisted' ? t('classes:book.doneWaitlisted') : t('classes:book.doneBooked'),
          );
        },
        onError: (e) => setError(classErrorMessage(t, e)),
      },
    );
  };

  const another = () => {
    setMember(null);
    setAnswer(null);
    setError(null);
    setEntitlementId(null);
    book.reset();
  };

  return (
    <Modal
      open={Boolean(target)}
      onCancel={close}
      afterOpenChange={picker.afterOpenChange}
      destroyOnHidden
      title={
        target
          ? t('classes:book.title', {
              type: target.type.name,
              day: day(target.date),
              time: target.startTime,
            })
          : ''
      }
      footer={
        answer ? (
          <Space>
            <Button onClick={another} data-testid="book-another">
              {t('classes:book.another')}
            </Button>
            <Button type="primary" onClick={close} data-testid="book-close">
              {t('classes:close')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={close}>{t('classes:cancel')}</Button>
            <Button
              type="primary"
              disabled={!member}
              loading={book.isPending}
              onClick={submit}
              data-testid="book-submit"
            >
              {t('classes:book.submit')}
            </Button>
          </Space>
        )
      }
      className="book-dialog"
      data-testid="book-dialog"
    >
      {target && (
        <p className="class-dialog__what">
          {target.startTime}–{target.endTime} · {target.room.name} · {target.teacher.name}
        </p>
      )}
      {answer ? (
        <Result
          status={answer.status === 'waitlisted' ? 'info' : 'success'}
          title={member?.label}
          subTitle={<BookingOutcome booking={answer} />}
          data-testid="book-answer"
          data-status={answer.status}
        />
      ) : (
        <StackedForm enterSubmits onFinish={submit}>
          <Form.Item label={t('classes:book.member')} htmlFor="book-member" extra={t('classes:book.memberHelp')}>
            <MemberPicker id="book-member" value={member} onChange={setMember} autoFocus selectRef={picker.ref} />
          </Form.Item>
          <Form.Item label={t('classes:book.paidBy')}>
            <PaidByChoice
              value={choice}
              memberStatus={member?.status}
              onChange={(picked) => {
                setChoice(picked);
                setEntitlementId(null);
              }}
              testId="book-paid-by"
            />
            <div className="class-dialog__help">{t(`classes:paidByHelp.${choice}`)}</div>
          </Form.Item>
          {picksEntitlement(choice) && member && paying.readable && (
            <EntitlementField
              choice={choice}
              paying={paying}
              value={entitlementId}
              onChange={setEntitlementId}
              withUntil
              testId="book-entitlement"
            />
          )}
          {error && <Alert type="error" showIcon title={error} data-testid="book-error" />}
        </StackedForm>
      )}
    </Modal>
  );
}
