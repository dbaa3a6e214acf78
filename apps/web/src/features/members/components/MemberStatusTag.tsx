import type { MemberStatus } from '@gym/contract/members';
import { colouredStateTag } from '../../../shared/ui/StatusTag';

/** Solid colours dark enough for white text (WCAG AA); antd's light presets are not. */
const COLOURS: Record<MemberStatus, string> = {
  prospect: '#1565c0',
  active: '#2e7d32',
  frozen: '#00695c',
  left: '#5d596c',
};

export const MemberStatusTag = colouredStateTag(COLOURS, {
  label: (status) => `members:status.${status}`,
  testId: 'member-status',
});
