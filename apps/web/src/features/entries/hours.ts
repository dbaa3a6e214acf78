/** Whole minutes as hours and minutes, `7:05` (payroll reads hours; a day can pass 24 h of several clock-ins). */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const total = Math.abs(Math.trunc(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return `${sign}${hours}:${String(rest).padStart(2, '0')}`;
}
