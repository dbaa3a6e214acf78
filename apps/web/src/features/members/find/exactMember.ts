import type { MemberListItem } from '@gym/contract/members';
import { api } from '../../../shared/api/client';
import type { Page } from '../api';

const plain = (text: string) => text.replace(/[^0-9a-z]/gi, '').toLowerCase();

/** The member whose code or card is exactly this keyword, when exactly one is (a scanned card, a typed code). */
export async function findExactMember(keyword: string): Promise<MemberListItem | null> {
  const wanted = plain(keyword);
  if (wanted.length < 3) return null;
  const page = await api.get<Page<MemberListItem>>('/pro/students', {
    query: { keyword: keyword.trim(), page: 1, pageSize: 20 },
  });
  const exact = page.items.filter((m) => plain(m.code) === wanted || (m.cardNumber && plain(m.cardNumber) === wanted));
  return exact.length === 1 ? exact[0]! : null;
}
