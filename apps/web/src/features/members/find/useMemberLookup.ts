/**
 * The member search of the desk (the navbar's `/` or Ctrl+K box and the desk screen): results as
 * one types, arrows move, Enter acts on a member. Enter pressed before the answer for what was
 * typed has come is kept and acted on when that answer comes (a card typed fast, then Enter), never
 * on an answer for an older keyword still on screen; typing on drops it.
 */
import type { MemberListItem } from '@gym/contract/members';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useMembers } from '../api';

/** Pause after the last key before the search is sent (Enter sends it at once). */
export const LOOKUP_DEBOUNCE_MS = 150;
export const LOOKUP_RESULTS = 8;

const plain = (text: string) => text.replace(/[^0-9a-z]/gi, '').toLowerCase();

/**
 * The member an Enter pressed before the answer came means: the one whose card or code is exactly
 * what was typed (a scanned card), else the first of the answer; none when the answer is empty.
 */
export function enterTarget(items: readonly MemberListItem[], keyword: string): MemberListItem | undefined {
  const wanted = plain(keyword);
  if (wanted.length >= 3) {
    const exact = items.filter((m) => plain(m.code) === wanted || (m.cardNumber && plain(m.cardNumber) === wanted));
    if (exact.length === 1) return exact[0];
  }
  return items[0];
}

/** What the keys mean besides typing: `shift` for Shift+Enter (the desk screen's second action). */
export type EnterHow = { shift: boolean };

export function useMemberLookup(onEnter: (member: MemberListItem, how: EnterHow) => void) {
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [active, setActive] = useState(0);
  /** The keyword an early Enter waits for, and whether Shift was held. */
  const [pending, setPending] = useState<{ keyword: string; how: EnterHow } | null>(null);
  const latest = useRef(onEnter);
  latest.current = onEnter;

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new keyword starts at its first result
  useEffect(() => setActive(0), [keyword]);

  const results = useMembers({ keyword, page: 1, pageSize: LOOKUP_RESULTS }, { enabled: keyword.length > 0 });
  /** The answer is for what is typed now (not an older keyword's, kept on screen while the new one comes). */
  const fresh = keyword.length > 0 && keyword === text.trim() && results.isSuccess && !results.isPlaceholderData;
  const items = keyword && results.data ? results.data.items : [];

  useEffect(() => {
    if (!pending) return;
    if (pending.keyword !== keyword) return;
    if (results.isError) {
      setPending(null);
      return;
    }
    if (!fresh || !results.data) return;
    setPending(null);
    const target = enterTarget(results.data.items, pending.keyword);
    if (target) latest.current(target, pending.how);
  }, [pending, keyword, fresh, results.isError, results.data]);

  const change = useCallback((next: string) => {
    setText(next);
    setPending((p) => (p && p.keyword !== next.trim() ? null : p));
  }, []);

  const clear = useCallback(() => {
    setText('');
    setKeyword('');
    setPending(null);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, Math.max(items.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      const wanted = text.trim();
      if (!wanted) return;
      event.preventDefault();
      const how = { shift: event.shiftKey };
      if (fresh && items[active]) {
        latest.current(items[active]!, how);
        return;
      }
      if (fresh) return; // the answer for this keyword is empty: nothing to act on
      // The answer is not in yet: search now, and act when it comes.
      setPending({ keyword: wanted, how });
      setKeyword(wanted);
    }
  };

  return {
    text,
    change,
    clear,
    keyword,
    items,
    /** The results on screen are an older keyword's (the new answer is coming). */
    stale: keyword.length > 0 && !fresh,
    active,
    setActive,
    onKeyDown,
    loading: keyword.length > 0 && results.isFetching && !results.data,
    none: fresh && items.length === 0,
    error: results.isError ? results.error : null,
    retry: () => void results.refetch(),
    waiting: pending !== null,
  };
}

export type MemberLookup = ReturnType<typeof useMemberLookup>;
