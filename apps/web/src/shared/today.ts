import { type BusinessDate, today } from '@gym/contract/time';
import { useCallback } from 'react';
import { useAbility } from './acl';
import { useCenterId } from './centerSelection';
import { useCenters } from './centers';

const DEVICE_ZONE = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The time zone of a centre: the one asked for (a member's home centre); without one, or before
 * the centres are loaded, the centre this tab works at, else the organisation's first centre, else
 * the device's zone. A role that may not read centres (the client) asks for none.
 */
export function useCentreTimeZone(): (centerId?: string | null) => string {
  const centers = useCenters(useAbility().can('read', 'Centre'));
  const selected = useCenterId();
  const items = centers.data;
  return useCallback(
    (centerId?: string | null) => {
      const list = items ?? [];
      const centre = list.find((c) => c.id === centerId) ?? list.find((c) => c.id === selected) ?? list[0] ?? undefined;
      return centre?.timeZone ?? DEVICE_ZONE();
    },
    [items, selected],
  );
}

/**
 * "Today" in the web app: the business date of a centre in its time zone, never the device's or
 * UTC's day (the centre as `useCentreTimeZone` finds it).
 */
export function useCentreToday(): (centerId?: string | null) => BusinessDate {
  const zoneOf = useCentreTimeZone();
  return useCallback((centerId?: string | null) => today(zoneOf(centerId)), [zoneOf]);
}
