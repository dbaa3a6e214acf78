import { STORAGE_KEYS } from '@gym/contract/constants';
import { local } from '../shared/storage';

/**
 * Card reader identity (spec): a browser opened with `?reader=ID` on any page remembers `ID` as the
 * reader attached to it.
 */
export function rememberReaderFromQuery(search: string): void {
  const reader = new URLSearchParams(search).get('reader')?.trim();
  if (reader && reader.length <= 100) local.set(STORAGE_KEYS.reader, reader);
}
