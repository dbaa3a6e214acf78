import { useDates } from './useDates';

/** Formats an instant for the screen's language on the centre's wall clock (`dates.ts`). */
export function useDateTime(): (iso: string) => string {
  return useDates().dateTime;
}
