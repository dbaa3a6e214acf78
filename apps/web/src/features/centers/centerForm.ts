import { DEFAULT_OPENING_HOURS, type OpeningDay } from '@gym/contract/centers';
import type { CenterDetail, CreateCenterRequest } from './api';

export interface CenterFormValues {
  code: string;
  name: string;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  timeZone: string;
  country?: string | null;
  currencySymbol: string;
  currencyCode: string;
  openingHours: OpeningDay[];
}

/** Field names the server may name in a 400 or 409 (they are put beside their field). */
export const CENTER_FIELDS = [
  'code',
  'name',
  'address',
  'phone',
  'email',
  'timeZone',
  'country',
  'currencySymbol',
  'currencyCode',
] as const;

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** One entry per day, in data order, whatever the server sent (a missing day gets the default). */
function sevenDays(days: readonly OpeningDay[] | undefined): OpeningDay[] {
  return DEFAULT_OPENING_HOURS.map((fallback) => ({ ...(days?.find((d) => d.day === fallback.day) ?? fallback) }));
}

export function centerFormValues(
  center: Omit<CenterDetail, 'readers'> | null,
  /** The organisation's currency: a new centre's. */
  { currencySymbol, currencyCode }: { currencySymbol: string; currencyCode: string },
): CenterFormValues {
  if (!center) {
    return {
      code: '',
      name: '',
      address: '',
      phone: '',
      email: '',
      timeZone: browserTimeZone(),
      country: null,
      currencySymbol,
      currencyCode,
      openingHours: sevenDays(undefined),
    };
  }
  return {
    code: center.code,
    name: center.name,
    address: center.address ?? '',
    phone: center.phone ?? '',
    email: center.email ?? '',
    timeZone: center.timeZone,
    country: center.country ?? null,
    currencySymbol: center.currencySymbol,
    currencyCode: center.currencyCode,
    openingHours: sevenDays(center.openingHours),
  };
}

const orNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export function centerRequest(values: CenterFormValues): CreateCenterRequest {
  return {
    code: values.code.trim().toUpperCase(),
    name: values.name.trim(),
    address: orNull(values.address),
    phone: orNull(values.phone),
    email: orNull(values.email),
    timeZone: values.timeZone,
    country: values.country ?? null,
    currencySymbol: values.currencySymbol,
    currencyCode: values.currencyCode as CreateCenterRequest['currencyCode'],
    // The form returns only the fields it shows: a day's number is its place (the rows are in data order).
    openingHours: values.openingHours.map((d, index) => ({
      day: d.day ?? index,
      closed: d.closed,
      open: d.open,
      close: d.close,
    })),
  };
}
