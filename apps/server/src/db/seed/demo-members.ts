import type { DbOrTx } from '../client.ts';

/** Demo members of the demo organisation (filled by the members seed). */
export async function seedDemoMembers(_tx: DbOrTx, _organisationId: string): Promise<void> {}
