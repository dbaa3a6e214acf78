/**
 * What the PT screens decide on their own: a session's end, which row actions a user may take, the
 * working-hours editor's overlaps, and the server's refusals in the screen's language (the `pt`
 * words of the `classes` namespace first, then the class and shared words).
 */
import { PT_LIMITS, type PtSession } from '@gym/contract/pt';
import type { TFunction } from 'i18next';
import { isApiError } from '../../shared/api/client';
import { classErrorMessage, classFieldMessage } from '../classes/classErrors';

const pad = (n: number) => String(n).padStart(2, '0');

/** `HH:MM` plus `minutes`, on a 24-hour clock (a session past midnight wraps). */
export function endOf(start: string, minutes: number): string {
  const total = (Number(start.slice(0, 2)) * 60 + Number(start.slice(3, 5)) + minutes) % 1440;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

export interface Actor {
  /** `update` on `PersonalTraining`. */
  mayUpdate: boolean;
  /** A trainer acts on their own sessions only (the server says so too). */
  trainerId: string | null;
}

export type SessionAction = 'complete' | 'cancel' | 'noShow';

/**
 * The row actions a session offers this user at `now`: done from `PT_LIMITS.completeEarlyMinutes`
 * before its start (the server's rule), a no-show once it has started, cancel while booked.
 */
export function sessionActions(
  session: Pick<PtSession, 'status' | 'date' | 'trainer' | 'startsAt'>,
  actor: Actor,
  now: number = Date.now(),
): SessionAction[] {
  if (session.status !== 'booked' || !actor.mayUpdate) return [];
  if (actor.trainerId && actor.trainerId !== session.trainer.id) return [];
  const out: SessionAction[] = [];
  const startsAt = Date.parse(session.startsAt);
  if (startsAt - PT_LIMITS.completeEarlyMinutes * 60_000 <= now) out.push('complete');
  if (startsAt <= now) out.push('noShow');
  out.push('cancel');
  return out;
}

export interface HoursRow {
  centerId: string;
  weekday: number;
  start: string;
  end: string;
}

/** Indexes of rows that end before they start or overlap an earlier row of the same centre and day. */
export function badHours(rows: readonly HoursRow[]): { index: number; reason: 'end_before_start' | 'hours_overlap' }[] {
  const out: { index: number; reason: 'end_before_start' | 'hours_overlap' }[] = [];
  rows.forEach((row, i) => {
    if (!(row.end > row.start)) out.push({ index: i, reason: 'end_before_start' });
    else if (
      rows.some(
        (o, j) =>
          j < i && o.centerId === row.centerId && o.weekday === row.weekday && o.start < row.end && row.start < o.end,
      )
    )
      out.push({ index: i, reason: 'hours_overlap' });
  });
  return out;
}

/** The words of a PT code, or '' when the `pt` words have none. */
export function ptCodeMessage(t: TFunction, code: string, values: Record<string, unknown> = {}): string {
  return t(`classes:pt.errors.${code}`, { defaultValue: '', ...values });
}

/** A field's refusal beside the field. */
export function ptFieldMessage(t: TFunction, code: string): string {
  return ptCodeMessage(t, code) || classFieldMessage(t, code);
}

/** What a refusal says, in one sentence. */
export function ptErrorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    for (const field of error.fields ?? []) {
      const conflict = error.details?.conflict as { name?: string; date?: string; startTime?: string } | undefined;
      const words = ptCodeMessage(t, field.code, { name: conflict?.name ?? '' });
      if (words) return words;
    }
  }
  return classErrorMessage(t, error);
}
