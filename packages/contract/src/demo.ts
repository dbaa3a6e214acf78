import type { Role } from './acl.ts';

/**
 * The demo organisation "Demo Fitness": seeded by the server when SEED_DEMO is on, listed on the
 * sign-in page when the server says demo data is present, printed by `npm start`.
 */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_INITIAL = 'DF';
export const DEMO_USERS: readonly { email: string; role: Role; fullName: string }[] = [
  { email: 'admin@demo.fit', role: 'admin', fullName: 'Ada Admin' },
  { email: 'manager@demo.fit', role: 'manager', fullName: 'Mandy Manager' },
  { email: 'frontdesk@demo.fit', role: 'frontdesk', fullName: 'Fiona Frontdesk' },
  { email: 'trainer@demo.fit', role: 'trainer', fullName: 'Tom Trainer' },
  { email: 'accountant@demo.fit', role: 'accountant', fullName: 'Alan Accountant' },
  { email: 'client@demo.fit', role: 'client', fullName: 'Chris Client' },
  { email: 'developer@demo.fit', role: 'developer', fullName: 'Dev Eloper' },
];
