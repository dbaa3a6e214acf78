import { randomBytes } from 'node:crypto';
import type { Reader } from '@gym/contract/readers';
import { conflict } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { CommandOptions } from '../../lib/use-case.ts';

export interface ReaderWithSecret {
  reader: Reader;
  secret: string;
}

/**
 * 32 random bytes in hexadecimal: typed once into the reader's configuration, never shown again.
 * Not base64url: one secret in 64 would begin with "-", which a command line (the reader
 * simulator's `--secret`, a reader's setup tool) takes for an option.
 */
export function newReaderSecret(): { secret: string; secretHash: string } {
  const secret = randomBytes(32).toString('hex');
  return { secret, secretHash: hashToken(secret) };
}

/** How every reader command is run: the serial number's unique index answers 409 `sn_taken` naming `sn`. */
export const readerCommandOptions: Pick<CommandOptions<unknown>, 'conflicts'> = {
  conflicts: {
    readers_org_sn: () => conflict('sn_taken', 'Another reader of the organisation has this serial number', 'sn'),
  },
};
