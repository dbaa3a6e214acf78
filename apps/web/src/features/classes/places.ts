/** Share of places taken from which the bar turns amber (nearly full). */
export const NEARLY_FULL = 0.8;

export function fillTone(booked: number, capacity: number): 'open' | 'nearly' | 'full' {
  if (capacity <= 0 || booked >= capacity) return 'full';
  return booked / capacity >= NEARLY_FULL ? 'nearly' : 'open';
}
