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

/**
 * The demo's card readers, one at each centre, for the door loop with the reader simulator
 * (`npm run reader`). The secret is the demo's only (like its password); real readers get a random
 * one, shown once.
 */
export const DEMO_READER_SECRET = 'demo-reader-secret';
export const DEMO_READERS: readonly { sn: string; centerCode: string; name: string }[] = [
  { sn: 'DEMO-READER-1', centerCode: 'CWB', name: 'Front door' },
  { sn: 'DEMO-READER-2', centerCode: 'MK', name: 'Front door' },
];
