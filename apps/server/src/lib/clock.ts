import { type BusinessDate, businessDate } from '@gym/contract/time';

/**
 * The one clock of the server (`deps.clock`, `ctx.clock`): commands and queries read the time only
 * here, so a test sets the hour it needs instead of depending on the hour it runs at.
 */
export interface Clock {
  now(): Date;
  /** The business date in `timeZone` (a centre's), never UTC's. */
  today(timeZone: string): BusinessDate;
}

/** The wall clock. */
export const systemClock: Clock = {
  now: () => new Date(),
  today: (timeZone) => businessDate(new Date(), timeZone),
};

/** A clock standing at `instant`. */
export const clockAt = (instant: Date): Clock => ({
  now: () => new Date(instant.getTime()),
  today: (timeZone) => businessDate(instant, timeZone),
});

/** A clock for tests: it stands where it is set and moves only when told. */
export interface SettableClock extends Clock {
  set(instant: Date | string): void;
  advance(ms: number): void;
}

export function settableClock(start: Date | string = new Date()): SettableClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    today: (timeZone) => businessDate(new Date(at), timeZone),
    set: (instant) => {
      at = new Date(instant).getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}
