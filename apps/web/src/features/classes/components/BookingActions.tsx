import { App, Button, Form, Input, Modal } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../shared/acl';
import { StackedForm } from '../../../shared/ui/StackedForm';
import { useFocusWhenOpen } from '../../../shared/ui/useFocusWhenOpen';
import { type Booking, useCancelBooking, useWaiveBooking } from '../api';
import { classErrorMessage } from '../classErrors';
import { bookingOutcomeText, cancelOutcomeText } from './BookingOutcome';

const CANCELLABLE = new Set<Booking['status']>(['booked', 'waitlisted']);
const WAIVABLE = new Set<Booking['status']>(['late_cancelled', 'no_show']);

/** Whether the class has not started yet (a booking of a started class is attended or missed, not cancelled). */
const notStarted = (b: Booking) => Date.parse(b.class.startsAt) > Date.now();

/** Cancel (for those who may change bookings) and waive (a manager) on one booking. */
export function BookingActions({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const ability = useAbility();
  const cancel = useCancelBooking();
  const [waiving, setWaiving] = useState(false);
  const canCancel =
    ability.can('update', 'Booking') &&
    CANCELLABLE.has(booking.status) &&
    booking.class.status === 'scheduled' &&
    notStarted(booking);
  const canWaive =
    ability.can('create', 'BookingWaiver') &&
    WAIVABLE.has(booking.status) &&
    !booking.waived &&
    // A lost credit to give back, or a fee to void.
    ((booking.paidBy === 'package' && !booking.creditReturned) || booking.feeInvoice !== null);

  const confirmCancel = () =>
    modal.confirm({
      title: t('classes:bookingActions.cancelTitle', { name: booking.member.name }),
      content: t('classes:bookingActions.cancelText'),
      okText: t('classes:bookingActions.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'booking-cancel-confirm' },
      cancelText: t('classes:keep'),
      onOk: () =>
        cancel
          .mutateAsync({ id: booking.id, memberId: booking.member.id })
          .then((after) => {
            const text = cancelOutcomeText(t, i18n.resolvedLanguage ?? i18n.language, after);
            if (after.status === 'late_cancelled' && (!after.creditReturned || after.feeInvoice))
              void message.warning(text, 8);
            else void message.success(text);
          })
          .catch((error: unknown) => void message.error(classErrorMessage(t, error))),
    });

  if (!canCancel && !canWaive) return null;
  return (
    <div className="row-actions">
      {canCancel && (
        <Button
          size="small"
          danger
          onClick={confirmCancel}
          data-testid="booking-cancel"
          aria-label={t('classes:bookingActions.cancelAria', { name: booking.member.name })}
        >
          {t('classes:bookingActions.cancel')}
        </Button>
      )}
      {canWaive && (
        <Button
          size="small"
          onClick={() => setWaiving(true)}
          data-testid="booking-waive"
          aria-label={t('classes:bookingActions.waiveAria', { name: booking.member.name })}
        >
          {t('classes:bookingActions.waive')}
        </Button>
      )}
      {waiving && <WaiveDialog booking={booking} onClose={() => setWaiving(false)} />}
    </div>
  );
}

/** A manager lifts a late cancel's or a no-show's penalty, with a note saying why (the credit comes back). */
function WaiveDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const waive = useWaiveBooking();
  const [form] = Form.useForm<{ note: string }>();
  const [error, setError] = useState<string | null>(null);
  const note = useFocusWhenOpen<TextAreaRef>();
  return (
    <Modal
      open
      onCancel={onClose}
      title={t('classes:bookingActions.waiveTitle', { name: booking.member.name })}
      okText={t('classes:bookingActions.waive')}
      cancelText={t('classes:cancel')}
      confirmLoading={waive.isPending}
      okButtonProps={{ 'data-testid': 'waive-submit' }}
      onOk={() => form.submit()}
      afterOpenChange={note.afterOpenChange}
      destroyOnHidden
    >
      <p>{bookingOutcomeText(t, booking)}</p>
      <StackedForm
        form={form}
        onFinish={({ note }) => {
          setError(null);
          waive.mutate(
            { id: booking.id, memberId: booking.member.id, note: note.trim() },
            {
              onSuccess: (after) => {
                void message.success(bookingOutcomeText(t, after));
                onClose();
              },
              onError: (e) => setError(classErrorMessage(t, e)),
            },
          );
        }}
      >
        <Form.Item
          name="note"
          label={t('classes:bookingActions.waiveNote')}
          extra={t('classes:bookingActions.waiveNoteHelp')}
          rules={[
            { required: true, whitespace: true, message: t('classes:bookingActions.waiveNoteRequired') },
            { min: 3, message: t('classes:bookingActions.waiveNoteRequired') },
          ]}
        >
          <Input.TextArea
            ref={note.ref}
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={300}
            autoFocus
            data-testid="waive-note"
          />
        </Form.Item>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </StackedForm>
    </Modal>
  );
}
