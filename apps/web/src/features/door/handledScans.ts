/**
 * Never act on one scan twice: a scan event replayed after a brief disconnection (connection-state
 * recovery), the same event heard by two tabs of this browser, or a wedge tap seen twice, is acted
 * on once. The ids handled lately are kept in memory and, shared by the tabs, in localStorage; the
 * check-and-claim runs under a Web Lock so two tabs cannot both claim one scan.
 */
import { local } from '../../shared/storage';

const STORAGE_KEY = 'door_handled_scans';
const KEEP = 300;
const memory: string[] = [];

function stored(): string[] {
  const raw = local.get(STORAGE_KEY);
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function claimNow(scanId: string): boolean {
  const shared = stored();
  if (memory.includes(scanId) || shared.includes(scanId)) return false;
  memory.push(scanId);
  if (memory.length > KEEP) memory.splice(0, memory.length - KEEP);
  shared.push(scanId);
  local.set(STORAGE_KEY, JSON.stringify(shared.slice(-KEEP)));
  return true;
}

/** True the first time a scan id is claimed in this browser, false ever after. */
export async function claimScan(scanId: string): Promise<boolean> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return claimNow(scanId);
  return locks.request('gym-door-scan', () => claimNow(scanId));
}
