import type { Guardian } from '@gym/contract/members';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, reference, tenantKey, tenantTarget, timestamps } from './columns.ts';
import { centerId, centers, organisationId, tenantRow, users } from './tenancy.ts';

/** Members (the spec's students). Rows are never deleted: erasing anonymises them (entries and invoices point here). */
export const members = pgTable(
  'members',
  {
    ...tenantRow(),
    homeCenterId: reference('home_center_id', () => centers.id),
    code: text('code').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    chineseName: text('chinese_name'),
    gender: text('gender'),
    birthday: date('birthday', { mode: 'string' }),
    phone: text('phone'),
    /** Digits of the phone, for duplicate checks. */
    phoneDigits: text('phone_digits'),
    email: text('email'),
    address: text('address'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    guardian: jsonb('guardian').$type<Guardian>(),
    photo: text('photo'),
    source: text('source').notNull().default('walk_in'),
    notes: text('notes'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    language: text('language').notNull().default('en'),
    status: text('status').notNull().default('active'),
    /** Registered on the public page and not yet opened by staff. */
    isNew: boolean('is_new').notNull().default(false),
    /** Normalised text every keyword search matches (`@gym/contract/search`). */
    searchText: text('search_text').notNull(),
    /** Set by the public registration when a member of the organisation already has this phone or e-mail: staff check and merge. */
    possibleDuplicateOf: uuid('possible_duplicate_of'),
    /** Set on the record a merge removed: the kept member it was merged into (the row stays for what points at it). */
    mergedInto: uuid('merged_into'),
    erasedAt: instant('erased_at'),
    createdBy: uuid('created_by').references(() => users.id),
    ...timestamps(),
    /**
     * The import that wrote the row. Rows of an import that is not `done` are invisible to every read
     * (`visibleMember` in `lib/scope.ts`); the import's status flips in one update to show them all at once.
     */
    importId: uuid('import_id').references((): AnyPgColumn => memberImports.id),
  },
  (t) => [
    uniqueIndex('members_org_code').on(t.organisationId, t.code),
    tenantTarget('members_org_id', t),
    tenantKey('members_org_center_fk', t, t.homeCenterId, centers),
    tenantKey('members_org_created_by_fk', t, t.createdBy, users),
    index('members_import').on(t.importId).where(sql`${t.importId} is not null`),
    index('members_org_center').on(t.organisationId, t.homeCenterId),
    index('members_org_created').on(t.organisationId, t.createdAt),
    // The status filter's total (e.g. all active members) without a table scan.
    index('members_org_status_created').on(t.organisationId, t.status, t.createdAt),
    index('members_org_name').on(t.organisationId, t.lastName, t.firstName),
    index('members_org_phone').on(t.organisationId, t.phoneDigits),
    index('members_org_email').on(t.organisationId, t.email),
    index('members_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The search's name-prefix tier ("wong" finds Wong Ka Ho and Wongsa Lee): a range of each index,
    // in either name order and the Chinese name. `text_pattern_ops` so that LIKE 'x%' uses them in any
    // collation. The expressions are those of `namePrefix` in modules/members/queries.ts, spelt alike.
    // The family-name index also holds the columns the list filters on (the names themselves, for
    // PostgreSQL sees an expression's columns only as such), and only the members a name may find:
    // a common name's capped count is read from it alone (an index-only scan).
    index('members_org_name_last_first')
      .on(
        t.organisationId,
        sql`lower(${t.lastName} || ' ' || ${t.firstName}) text_pattern_ops`,
        t.lastName,
        t.firstName,
        t.homeCenterId,
        t.importId,
        t.status,
      )
      .where(sql`${t.mergedInto} is null and ${t.erasedAt} is null`),
    index('members_org_name_first_last').on(
      t.organisationId,
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`,
    ),
    index('members_org_chinese_name')
      .on(t.organisationId, sql`${t.chineseName} text_pattern_ops`)
      .where(sql`${t.chineseName} is not null`),
    check('members_status_known', sql`${t.status} in ('prospect','active','frozen','left')`),
    check('members_gender_known', sql`${t.gender} is null or ${t.gender} in ('female','male','other','undisclosed')`),
    tenantKey('members_org_import_fk', t, t.importId, memberImports),
  ],
);

/**
 * Cards of members and of staff, in one table so that a number means one person in an
 * organisation: unique among cards that are not detached. History is kept (lost, detached).
 */
export const cards = pgTable(
  'cards',
  {
    ...tenantRow(),
    number: text('number').notNull(),
    memberId: uuid('member_id').references(() => members.id),
    staffId: uuid('staff_id').references(() => users.id),
    status: text('status').notNull().default('active'),
    attachedAt: instant('attached_at').notNull().defaultNow(),
    attachedBy: uuid('attached_by').references(() => users.id),
    lostAt: instant('lost_at'),
    detachedAt: instant('detached_at'),
  },
  (t) => [
    uniqueIndex('cards_org_number_in_use').on(t.organisationId, t.number).where(sql`${t.status} <> 'detached'`),
    // The door looks a number up among every card, detached ones too (`card_detached`).
    index('cards_org_number').on(t.organisationId, t.number),
    index('cards_member').on(t.memberId),
    index('cards_staff').on(t.staffId),
    tenantKey('cards_org_member_fk', t, t.memberId, members),
    tenantKey('cards_org_staff_fk', t, t.staffId, users),
    tenantKey('cards_org_attached_by_fk', t, t.attachedBy, users),
    check('cards_one_owner', sql`(${t.memberId} is null) <> (${t.staffId} is null)`),
    check('cards_status_known', sql`${t.status} in ('active','lost','detached')`),
    tenantTarget('cards_org_id', t),
  ],
);

export const memberGroups = pgTable(
  'member_groups',
  {
    ...tenantRow(),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color').notNull().default('#7367f0'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('member_groups_org_name').on(t.organisationId, sql`lower(${t.name})`),
    tenantTarget('member_groups_org_id', t),
  ],
);

export const memberGroupMembers = pgTable(
  'member_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => memberGroups.id, { onDelete: 'cascade' }),
    memberId: reference('member_id', () => members.id),
    organisationId: organisationId(),
    addedAt: instant('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.memberId] }),
    index('member_group_members_member').on(t.memberId),
    tenantKey('member_group_members_org_group_fk', t, t.groupId, memberGroups).onDelete('cascade'),
    tenantKey('member_group_members_org_member_fk', t, t.memberId, members),
  ],
);

/** Single-use links for a member to link a card from their phone; the token is stored hashed. */
export const cardLinkTokens = pgTable(
  'card_link_tokens',
  {
    ...tenantRow(),
    centerId: centerId(),
    memberId: reference('member_id', () => members.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('card_link_tokens_member').on(t.memberId),
    tenantKey('card_link_tokens_org_center_fk', t, t.centerId, centers),
    tenantKey('card_link_tokens_org_member_fk', t, t.memberId, members),
    tenantKey('card_link_tokens_org_created_by_fk', t, t.createdBy, users),
  ],
);

/** Saved column mappings for member imports (e.g. the export of the gym's previous software). */
export const importPresets = pgTable(
  'import_presets',
  {
    ...tenantRow(),
    name: text('name').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
    /** Value mapping of enumerated columns: column -> file value -> member value. */
    values: jsonb('values').$type<Record<string, Record<string, string>>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('import_presets_org_name').on(t.organisationId, sql`lower(${t.name})`)],
);

/**
 * One member import being written in short batches. `running`: its rows exist but no read shows them;
 * `done`: shown (one update of this row); a failed or abandoned import's rows are deleted with it.
 * `seqBefore`/`seqAfter` are the organisation's member counter around the codes it drew, to give them
 * back when it fails and nobody drew after it.
 */
export const memberImports = pgTable(
  'member_imports',
  {
    ...tenantRow(),
    status: text('status').notNull().default('running'),
    fileName: text('file_name').notNull(),
    total: integer('total').notNull(),
    seqBefore: integer('seq_before'),
    seqAfter: integer('seq_after'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    /** Touched after every batch: a `running` import whose heartbeat stopped belongs to a dead process. */
    heartbeatAt: instant('heartbeat_at').notNull().defaultNow(),
  },
  (t) => [
    index('member_imports_running').on(t.status).where(sql`${t.status} <> 'done'`),
    check('member_imports_status_known', sql`${t.status} in ('running','done','failed')`),
    tenantKey('member_imports_org_created_by_fk', t, t.createdBy, users),
    tenantTarget('member_imports_org_id', t),
  ],
);
