import { useState } from 'react';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';

/**
 * The centres an import may use and the one for rows without a centre: the one chosen on the file
 * step, else the centre the desk works in (when the list has it), else the first.
 */
export function useImportCenter() {
  const centers = useCenters();
  const currentCenterId = useCenterId();
  const [chosenCenterId, setChosenCenterId] = useState<string | undefined>();
  const centerList = centers.data ?? [];
  const centerId =
    chosenCenterId ??
    (centerList.some((c) => c.id === currentCenterId) ? (currentCenterId ?? undefined) : centerList[0]?.id);
  return { centers, centerList, centerId, setCenterId: setChosenCenterId };
}
