/**
 * Roles and permissions. CASL-style rules `{action, subject}` built from a role,
 * shared by the server (which enforces them on every route) and the web app
 * (which hides what a user may not do). The per-role map is exhaustive by type:
 * adding a subject without deciding it for every gym role does not compile.
 */
import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { z } from 'zod';

export const ACTIONS = ['manage', 'read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Product resources. `ACL` gates the staff app itself (spec); `Auth` is public. `Booking`: create
 * books a member, update cancels a booking; `BookingAttendance` records attendance (a trainer on
 * the classes they teach); `BookingWaiver` lifts a late cancel's or a no-show's penalty.
 */
export const RESOURCES = [
  'Dashboard',
  'Member',
  'Staff',
  'Centre',
  'Room',
  'Reader',
  'Entry',
  'EntryOverride',
  'Attendance',
  'Catalogue',
  'Sale',
  'Payment',
  'Refund',
  'PriceOverride',
  'Expenditure',
  'Class',
  'Booking',
  'BookingAttendance',
  'BookingWaiver',
  'PersonalTraining',
  'Content',
  'Goal',
  'Report',
  'Commission',
  'Signature',
  'Setting',
  'Outbox',
  'Audit',
] as const;
export type Resource = (typeof RESOURCES)[number];
export type Subject = Resource | 'ACL' | 'Auth' | 'all';

export const ROLES = ['admin', 'developer', 'client', 'manager', 'frontdesk', 'trainer', 'accountant'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

export const GYM_ROLES = ['manager', 'frontdesk', 'trainer', 'accountant'] as const;
export type GymRole = (typeof GYM_ROLES)[number];

export const abilityRuleSchema = z.object({
  action: z.enum(ACTIONS),
  subject: z.string(),
});
export type AbilityRule = { action: Action; subject: Subject };

const R: Action[] = ['read'];
const RC: Action[] = ['read', 'create'];
const RCU: Action[] = ['read', 'create', 'update'];
const ALL: Action[] = ['manage'];
const NONE: Action[] = [];

/** What each gym role may do on each resource. Exhaustive: every role decides every resource. */
export const PERMISSION_MAP: Record<GymRole, Record<Resource, Action[]>> = {
  manager: {
    Dashboard: R,
    Member: ALL,
    Staff: RCU,
    Centre: RCU,
    Room: ALL,
    Reader: ALL,
    Entry: ALL,
    EntryOverride: ALL,
    Attendance: ALL,
    Catalogue: ALL,
    Sale: ALL,
    Payment: ALL,
    Refund: ALL,
    PriceOverride: ALL,
    Expenditure: ALL,
    Class: ALL,
    Booking: ALL,
    BookingAttendance: ALL,
    BookingWaiver: ALL,
    PersonalTraining: ALL,
    Content: ALL,
    Goal: ALL,
    Report: R,
    Commission: R,
    Signature: ALL,
    Setting: R,
    Outbox: NONE,
    Audit: R,
  },
  frontdesk: {
    Dashboard: R,
    Member: RCU,
    Staff: R,
    Centre: R,
    Room: R,
    Reader: R,
    Entry: RC,
    EntryOverride: ['create'],
    Attendance: NONE,
    Catalogue: R,
    Sale: RC,
    Payment: RC,
    Refund: NONE,
    PriceOverride: NONE,
    Expenditure: NONE,
    Class: RCU,
    Booking: RCU,
    BookingAttendance: ['create'],
    BookingWaiver: NONE,
    PersonalTraining: RCU,
    Content: R,
    Goal: R,
    Report: NONE,
    Commission: NONE,
    Signature: ALL,
    Setting: NONE,
    Outbox: NONE,
    Audit: NONE,
  },
  trainer: {
    Dashboard: R,
    Member: R,
    Staff: NONE,
    Centre: R,
    Room: R,
    Reader: NONE,
    Entry: R,
    EntryOverride: NONE,
    Attendance: NONE,
    Catalogue: R,
    Sale: NONE,
    Payment: NONE,
    Refund: NONE,
    PriceOverride: NONE,
    Expenditure: NONE,
    Class: R,
    Booking: R,
    BookingAttendance: ['create'],
    BookingWaiver: NONE,
    PersonalTraining: RCU,
    Content: R,
    Goal: R,
    Report: NONE,
    Commission: NONE,
    Signature: NONE,
    Setting: NONE,
    Outbox: NONE,
    Audit: NONE,
  },
  accountant: {
    Dashboard: R,
    Member: R,
    Staff: R,
    Centre: R,
    Room: R,
    Reader: NONE,
    Entry: R,
    EntryOverride: NONE,
    Attendance: R,
    Catalogue: R,
    Sale: ['read', 'update'],
    Payment: RCU,
    Refund: R,
    PriceOverride: NONE,
    Expenditure: ALL,
    Class: R,
    Booking: R,
    BookingAttendance: NONE,
    BookingWaiver: NONE,
    PersonalTraining: R,
    Content: NONE,
    Goal: R,
    Report: R,
    Commission: R,
    Signature: R,
    Setting: NONE,
    Outbox: NONE,
    Audit: NONE,
  },
};

/** Default ability for a user with no stored abilities (spec): read on Auth only. */
export const DEFAULT_ABILITY: AbilityRule[] = [{ action: 'read', subject: 'Auth' }];

export function abilityRulesFor(role: Role): AbilityRule[] {
  switch (role) {
    case 'admin':
    case 'developer':
      return [{ action: 'manage', subject: 'all' }];
    case 'client':
      return [
        { action: 'read', subject: 'ACL' },
        { action: 'read', subject: 'Auth' },
      ];
    default: {
      const rules: AbilityRule[] = [
        { action: 'read', subject: 'ACL' },
        { action: 'read', subject: 'Auth' },
      ];
      for (const resource of RESOURCES) {
        for (const action of PERMISSION_MAP[role][resource]) rules.push({ action, subject: resource });
      }
      return rules;
    }
  }
}

export type AppAbility = MongoAbility<[Action, Subject]>;

export function buildAbility(rules: readonly AbilityRule[] | undefined | null): AppAbility {
  return createMongoAbility<[Action, Subject]>(rules && rules.length > 0 ? [...rules] : DEFAULT_ABILITY);
}

/** Where a user lands after sign-in (spec): admin/developer `/`, client `/access-control`, others `/login`. */
export function homeForRole(role: string | undefined | null): string {
  if (role === 'admin' || role === 'developer') return '/';
  if (role === 'client') return '/access-control';
  if (role && (GYM_ROLES as readonly string[]).includes(role)) return '/';
  return '/login';
}
