import type { Language } from '@gym/contract/constants';
import {
  IMPORT_ENUM_FIELDS,
  IMPORT_MAX_DISTINCT_VALUES,
  IMPORT_REQUIRED_FIELDS,
  IMPORT_SAMPLE_ROWS,
  type ImportEnumField,
  type ImportField,
  type ImportMapping,
  type ImportRowError,
  type ImportValues,
} from '@gym/contract/imports';
import {
  ADULT_AGE,
  cardNumberSchema,
  GENDERS,
  type Guardian,
  guardianRule,
  importMemberRowSchema,
  isoDateSchema,
  MEMBER_SOURCES,
  MEMBER_STATUSES,
  type MemberStatus,
} from '@gym/contract/members';
import { normalisePhone } from '@gym/contract/phone';
import { ageOn, businessDate } from '@gym/contract/time';
import { AppError } from '../../lib/errors.ts';
import { columnsOf } from './mapping.ts';
import { isChineseOnly, splitFullName } from './names.ts';
import { type Cell, cellText, type Sheet } from './read-file.ts';
import { type DayOrder, dayOrderOf, readBoolean, readDate, readGender, readSource, readStatus } from './values.ts';

export interface ImportCenter {
  id: string;
  code: string;
  name: string;
  /** The caller may work at this centre. */
  allowed: boolean;
  /** Its IANA time zone: a row's dates are checked against its home centre's business date. */
  timeZone: string;
  /** ISO 3166 country: a phone typed without a country code gets this one. */
  country: string | null;
}

export interface PrepareContext {
  /** Every centre of the organisation, the first opened first. */
  centers: readonly ImportCenter[];
  defaultCenter: ImportCenter;
  language: Language;
  /** The instant the import runs at (the server's clock, passed in: this runs in a worker); each centre's today is read from it. */
  today: Date;
  /** Member values chosen for the file's values of enumerated columns (the rest are proposed). */
  values?: ImportValues;
}

/** A row that passed every rule of the file itself, ready to be checked against the database and stored. */
export interface PreparedMember {
  row: number;
  code: string | null;
  firstName: string;
  lastName: string;
  chineseName: string | null;
  gender: (typeof GENDERS)[number] | null;
  birthday: string | null;
  phone: string;
  email: string | null;
  address: string | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  guardian: Guardian | null;
  homeCenterId: string;
  homeCenterCode: string;
  status: MemberStatus;
  source: (typeof MEMBER_SOURCES)[number];
  notes: string | null;
  marketingConsent: boolean;
  language: Language;
  cardNumber: string | null;
  /** `YYYY-MM-DD`: the member's creation date in the old system. */
  joinedAt: string | null;
}

export interface PreparedRows {
  totalRows: number;
  members: PreparedMember[];
  /** Every error of the file, in row order. */
  errors: ImportRowError[];
  /** Rows imported with something to follow up (a minor without guardian details). */
  warnings: ImportRowError[];
  /** Member value of each distinct value of each enumerated column (requested, else proposed). */
  values: ImportValues;
  valueCounts: Record<string, Record<string, number>>;
  sample: Record<string, string | null>[];
}

const FIELD_LABELS: Partial<Record<ImportField, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  fullName: 'Full name',
};

/** English texts of the codes; the web app shows its own translation of each code. */
const MESSAGES: Record<string, string> = {
  required: 'This field is required',
  phone_format: 'Not a phone number (digits, spaces, dashes, a leading +)',
  phone_unplaceable: 'Not a phone number that can be stored with its country code',
  date_format: 'Not a date (use YYYY-MM-DD)',
  date_invalid: 'This date does not exist',
  birthday_future: 'The birthday is in the future',
  joined_future: 'The joining date is in the future',
  card_format: 'A card number has 4 to 32 letters or digits',
  guardian_required: 'A member under 18 needs a guardian (name and phone)',
  invalid_format: 'Not in the expected format',
  too_big: 'Too long',
  unknown_value: 'Value not recognised',
  center_unknown: 'No centre of the organisation has this code',
  center_not_allowed: 'You may not add members to this centre',
  column_missing: 'No column of the file is mapped to this field',
  guardian_missing: 'A minor without guardian details: imported, flagged for follow-up',
};

const BOOLEAN_VALUES = ['true', 'false'];

/** The member values an enumerated field accepts (a centre: the ids of the organisation's centres). */
function memberValuesOf(field: ImportEnumField, centers: readonly ImportCenter[]): readonly string[] {
  switch (field) {
    case 'gender':
      return GENDERS;
    case 'status':
      return MEMBER_STATUSES;
    case 'source':
      return MEMBER_SOURCES;
    case 'homeCenterCode':
      return centers.map((c) => c.id);
    default:
      return BOOLEAN_VALUES;
  }
}

/** The member value proposed for a file value, or undefined when none is recognised. */
function proposeValue(field: ImportEnumField, text: string, centers: readonly ImportCenter[]): string | undefined {
  switch (field) {
    case 'gender':
      return readGender(text);
    case 'status':
      return readStatus(text);
    case 'source':
      return readSource(text);
    case 'homeCenterCode': {
      const t = text.trim().toLowerCase();
      return (centers.find((c) => c.code.toLowerCase() === t) ?? centers.find((c) => c.name.trim().toLowerCase() === t))
        ?.id;
    }
    default: {
      const b = readBoolean(text);
      return b === undefined ? undefined : String(b);
    }
  }
}

/**
 * For each enumerated column: every distinct value with its row count, and its member value (the one
 * requested, else the one recognised). A requested member value the field does not have is refused.
 */
function resolveValues(
  sheet: Sheet,
  headers: readonly string[],
  columns: Partial<Record<ImportField, number>>,
  ctx: PrepareContext,
) {
  const resolved = new Map<ImportEnumField, Map<string, string>>();
  const values: ImportValues = {};
  const valueCounts: Record<string, Record<string, number>> = {};
  for (const field of IMPORT_ENUM_FIELDS) {
    const index = columns[field];
    if (index === undefined) continue;
    const header = headers[index]!;
    const requested = ctx.values?.[header] ?? {};
    const allowed = memberValuesOf(field, ctx.centers);
    for (const [fileValue, memberValue] of Object.entries(requested)) {
      if (!allowed.includes(memberValue)) {
        throw new AppError(400, 'validation_failed', `${header}: "${fileValue}" cannot become "${memberValue}"`, [
          { path: `values.${header}.${fileValue}`, code: 'invalid_value', message: memberValue },
        ]);
      }
    }
    const counts = new Map<string, number>();
    for (const r of sheet.rows) {
      const t = cellText(r.cells[index] ?? null);
      if (t) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    const map = new Map<string, string>();
    for (const t of counts.keys()) {
      const v = requested[t] ?? proposeValue(field, t, ctx.centers);
      if (v !== undefined) map.set(t, v);
    }
    resolved.set(field, map);
    // The answer lists the most frequent values; a column with more distinct values than that is no list.
    const shown = [...counts].sort((a, b) => b[1] - a[1]).slice(0, IMPORT_MAX_DISTINCT_VALUES);
    valueCounts[header] = Object.fromEntries(shown);
    values[header] = Object.fromEntries(shown.flatMap(([t]) => (map.has(t) ? [[t, map.get(t)!]] : [])));
  }
  return { resolved, values, valueCounts };
}

/** An issue's code as the contract writes it: its own snake_case message, else zod's code. */
function issueCode(issue: { code: string; message: string }): string {
  return /^[a-z_]+$/.test(issue.message) ? issue.message : issue.code;
}

/** The import field a contract path belongs to. */
function fieldOfPath(path: readonly PropertyKey[]): ImportField | string {
  const [head, sub] = path.map(String);
  if (head === 'homeCenterId') return 'homeCenterCode';
  if (head === 'guardian') {
    if (sub === 'phone') return 'guardianPhone';
    if (sub === 'relationship') return 'guardianRelationship';
    return 'guardianName';
  }
  return head ?? 'row';
}

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all (8 at least in practice). */
const E164 = /^\+[1-9]\d{7,14}$/;

const optional = (text: string) => (text === '' ? null : text);

/**
 * Reads every row through the mapping and the contract's member rules. Nothing here touches the
 * database: codes taken and cards in use are checked afterwards, for the whole file at once.
 */
export function prepareRows(sheet: Sheet, mapping: ImportMapping, ctx: PrepareContext): PreparedRows {
  const now = ctx.today;
  const todayAt = (center: ImportCenter) => businessDate(now, center.timeZone);
  const columns = columnsOf(sheet.headers, mapping);
  const errors: ImportRowError[] = [];
  const warnings: ImportRowError[] = [];
  const members: PreparedMember[] = [];
  const { resolved, values, valueCounts } = resolveValues(sheet, sheet.headers, columns, ctx);
  const sample: Record<string, string | null>[] = [];
  // A centre without a country borrows the organisation's first centre's.
  const fallbackCountry = ctx.centers[0]?.country ?? null;

  // A required field without any column is said once, on the header row, instead of on every row.
  const missing = new Set<ImportField>();
  for (const field of IMPORT_REQUIRED_FIELDS) {
    const covered = columns[field] !== undefined || (field !== 'phone' && columns.fullName !== undefined);
    if (!covered) {
      missing.add(field);
      errors.push({
        row: 0,
        field,
        code: 'column_missing',
        message: `${FIELD_LABELS[field]}: ${MESSAGES.column_missing}`,
      });
    }
  }

  const columnCells = (field: ImportField): Cell[] =>
    columns[field] === undefined ? [] : sheet.rows.map((r) => r.cells[columns[field]!] ?? null);
  const orders: Record<'birthday' | 'joinedAt', DayOrder> = {
    birthday: dayOrderOf(columnCells('birthday')),
    joinedAt: dayOrderOf(columnCells('joinedAt')),
  };

  const firstRowOfCode = new Map<string, number>();
  const firstRowOfCard = new Map<string, number>();

  for (const { row, cells } of sheet.rows) {
    const rowErrors: ImportRowError[] = [];
    const fail = (field: string, code: string, detail?: string, params?: ImportRowError['params']) =>
      rowErrors.push({ row, field, code, message: detail ?? MESSAGES[code] ?? code, ...(params ? { params } : {}) });
    const cell = (field: ImportField): Cell => (columns[field] === undefined ? null : (cells[columns[field]!] ?? null));
    const text = (field: ImportField) => cellText(cell(field));
    // Exports written before phones were exempt from the formula guard carry "'+852 ...": read the number.
    const phoneText = (field: ImportField) => text(field).replace(/^'(?=\+)/, '');

    // Names: explicit columns first, the full name fills what they leave empty.
    let firstName = text('firstName');
    let lastName = text('lastName');
    let chineseName = optional(text('chineseName'));
    const nameSource: Record<'firstName' | 'lastName', ImportField> = { firstName: 'firstName', lastName: 'lastName' };
    if (columns.fullName !== undefined && (!firstName || !lastName)) {
      const split = splitFullName(text('fullName'));
      if (!firstName) {
        firstName = split.firstName;
        nameSource.firstName = 'fullName';
      }
      if (!lastName) {
        lastName = split.lastName;
        nameSource.lastName = 'fullName';
      }
      chineseName ??= split.chineseName;
    }
    if (!chineseName && firstName && lastName && isChineseOnly(firstName) && isChineseOnly(lastName)) {
      chineseName = `${lastName}${firstName}`;
    }

    /** An enumerated cell through the column's value mapping; a value with no mapping is a row error. */
    const vocabulary = <T extends string>(field: ImportEnumField, fallback: T | null): T | null => {
      const t = text(field);
      if (!t) return fallback;
      const value = resolved.get(field)?.get(t);
      if (value === undefined) {
        const shown = t.slice(0, 60);
        const code = field === 'homeCenterCode' ? 'center_unknown' : 'unknown_value';
        fail(field, code, `${MESSAGES[code]}: "${shown}"`, { value: shown });
        return fallback;
      }
      return value as T;
    };
    const gender = vocabulary<(typeof GENDERS)[number]>('gender', null);
    let status = vocabulary<MemberStatus>('status', 'active') ?? 'active';
    // An "is prospect" flag wins over a status that says active: the other system's prospects stay prospects.
    if (vocabulary<string>('isProspect', 'false') === 'true' && status === 'active') status = 'prospect';
    // Address lines, postal code, city and country as one address, in the order a letter writes them.
    const place = [text('postalCode'), text('city')].filter(Boolean).join(' ');
    const address = [text('address'), text('addressLine2'), place, text('country')].filter(Boolean).join(', ');
    const source = vocabulary<(typeof MEMBER_SOURCES)[number]>('source', 'import') ?? 'import';
    const marketingConsent = vocabulary<string>('marketingConsent', 'false') === 'true';

    const date = (field: 'birthday' | 'joinedAt') => {
      const c = cell(field);
      return cellText(c) === '' ? null : readDate(c, orders[field], todayAt(ctx.defaultCenter));
    };
    const birthday = date('birthday');
    const joinedAt = date('joinedAt');
    if (joinedAt !== null) {
      const parsed = isoDateSchema.safeParse(joinedAt);
      if (!parsed.success) fail('joinedAt', issueCode(parsed.error.issues[0]!));
    }

    let center = ctx.defaultCenter;
    const centerId = vocabulary<string>('homeCenterCode', null);
    const found = centerId === null ? undefined : ctx.centers.find((c) => c.id === centerId);
    if (found && !found.allowed) {
      fail('homeCenterCode', 'center_not_allowed', `${MESSAGES.center_not_allowed}: ${found.code}`, {
        value: found.code,
      });
    } else if (found) center = found;
    if (joinedAt !== null && isoDateSchema.safeParse(joinedAt).success && joinedAt > todayAt(center)) {
      fail('joinedAt', 'joined_future');
    }

    const guardianName = text('guardianName');
    const guardianPhone = phoneText('guardianPhone');
    const guardian =
      guardianName || guardianPhone
        ? { name: guardianName, phone: guardianPhone, relationship: optional(text('guardianRelationship')) }
        : null;

    const candidate = {
      firstName,
      lastName,
      chineseName,
      gender,
      birthday,
      phone: phoneText('phone'),
      email: optional(text('email')),
      address: optional(address),
      emergencyContactName: optional(text('emergencyContactName')),
      emergencyContactPhone: optional(phoneText('emergencyContactPhone')),
      guardian,
      homeCenterId: center.id,
      source,
      notes: optional(text('notes')),
      marketingConsent,
      language: ctx.language,
      status,
      code: optional(text('code')),
      cardNumber: optional(text('cardNumber')),
    };
    const parsed = importMemberRowSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        let field = fieldOfPath(issue.path);
        if (field === 'firstName' || field === 'lastName') field = nameSource[field];
        if (missing.has(field as ImportField)) continue;
        const value = issue.path.reduce<unknown>(
          (v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined),
          candidate,
        );
        const blank = value === '' || value === null || value === undefined;
        const code = blank && issue.code !== 'custom' ? 'required' : issueCode(issue);
        fail(field, code);
      }
    } else {
      // No birthday after the home centre's today. A minor without guardian is not refused here:
      // the row is imported and flagged (a warning below), so the stand-in guardian silences that part.
      guardianRule(
        {
          birthday: parsed.data.birthday,
          guardian: parsed.data.guardian ?? { name: '-', phone: '-', relationship: null },
        },
        {
          addIssue: (i) =>
            typeof i !== 'string' &&
            fail(fieldOfPath(i.path ?? []), issueCode({ code: 'custom', message: i.message ?? 'invalid' })),
        },
        todayAt(center),
      );
    }

    const code = parsed.success ? (parsed.data.code ?? null) : candidate.code;
    // Repeated codes and cards are named even on rows with other errors, so one pass shows every fix.
    const card = candidate.cardNumber ? cardNumberSchema.safeParse(candidate.cardNumber) : null;
    const cardNumber = card?.success ? card.data : null;
    if (code) {
      const first = firstRowOfCode.get(code);
      if (first !== undefined) {
        fail('code', 'duplicate_in_file', `Member code ${code} is also on row ${first}`, {
          value: code,
          firstRow: first,
        });
      } else firstRowOfCode.set(code, row);
    }
    if (cardNumber) {
      const first = firstRowOfCard.get(cardNumber);
      if (first !== undefined) {
        fail('cardNumber', 'duplicate_in_file', `Card ${cardNumber} is also on row ${first}`, {
          value: cardNumber,
          firstRow: first,
        });
      } else firstRowOfCard.set(cardNumber, row);
    }

    if (sample.length < IMPORT_SAMPLE_ROWS) {
      const shown = parsed.success ? parsed.data : candidate;
      sample.push({
        row: String(row),
        code: shown.code ?? null,
        firstName: shown.firstName || null,
        lastName: shown.lastName || null,
        chineseName: shown.chineseName ?? null,
        gender: shown.gender ?? null,
        birthday: shown.birthday ?? null,
        phone: shown.phone || null,
        email: shown.email ?? null,
        homeCenterCode: center.code,
        status: shown.status,
        source: shown.source,
        marketingConsent: String(shown.marketingConsent),
        cardNumber: shown.cardNumber ?? null,
        joinedAt,
      });
    }

    if (rowErrors.length > 0 || !parsed.success) {
      // Each error names the row's person (or code) and carries the cell in question, so staff can find
      // the row in their file and see what is wrong without opening it.
      const who = [firstName, lastName].filter(Boolean).join(' ') || text('code');
      for (const e of rowErrors) {
        const value =
          e.params?.value ?? (e.field && e.field in columns ? text(e.field as ImportField).slice(0, 60) : '');
        e.params = { ...e.params, value, ...(who ? { name: who.slice(0, 80) } : {}) };
      }
      errors.push(...rowErrors);
      continue;
    }
    const m = parsed.data;
    // The phone in the stored form the desk uses (E.164, the home centre's country as default), so the
    // duplicate check and the search compare like with like from the first day.
    const phone = normalisePhone(m.phone, center.country ?? fallbackCountry);
    if (!phone || !E164.test(phone)) {
      const shown = m.phone.slice(0, 60);
      const who = `${m.firstName} ${m.lastName}`.slice(0, 80);
      errors.push({
        row,
        field: 'phone',
        code: 'phone_unplaceable',
        message: `${MESSAGES.phone_unplaceable}: "${shown}"`,
        params: { value: shown, name: who },
      });
      continue;
    }
    if (!m.guardian && m.birthday && ageOn(m.birthday, todayAt(center)) < ADULT_AGE) {
      const who = `${m.firstName} ${m.lastName}`.slice(0, 80);
      warnings.push({
        row,
        field: 'guardianName',
        code: 'guardian_missing',
        message: MESSAGES.guardian_missing!,
        params: { value: m.birthday, name: who },
      });
    }
    members.push({
      row,
      code: m.code ?? null,
      firstName: m.firstName,
      lastName: m.lastName,
      chineseName: m.chineseName ?? null,
      gender: m.gender ?? null,
      birthday: m.birthday ?? null,
      phone,
      email: m.email ?? null,
      address: m.address ?? null,
      emergencyContactName: m.emergencyContactName ?? null,
      emergencyContactPhone: m.emergencyContactPhone ?? null,
      guardian: m.guardian ?? null,
      homeCenterId: center.id,
      homeCenterCode: center.code,
      status: m.status,
      source: m.source,
      notes: m.notes ?? null,
      marketingConsent: m.marketingConsent,
      language: m.language,
      cardNumber: m.cardNumber ?? null,
      joinedAt,
    });
  }
  return { totalRows: sheet.rows.length, members, errors, warnings, values, valueCounts, sample };
}
