import { SearchOutlined } from '@ant-design/icons';
import { Input, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 250;

interface Props {
  id: string;
  /** The keyword in force (from the address). */
  value: string;
  onSearch: (keyword: string) => void;
  label: string;
  placeholder: string;
  autoFocus?: boolean;
  /** Enter pressed (after the search is sent): e.g. open the one member a scanned card names. */
  onEnter?: (keyword: string) => void;
}

/**
 * Searches as the user types (after a short pause) and at once on Enter. A keyboard-wedge card
 * reader types the number and Enter: the text is then selected, so the next card typed replaces it.
 */
export function SearchBox({ id, value, onSearch, label, placeholder, autoFocus, onEnter }: Props) {
  const [text, setText] = useState(value);
  const input = useRef<InputRef>(null);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  // Back, forward or a reset changed the keyword: show it, unless it is what is being typed.
  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <Input
      id={id}
      ref={input}
      role="searchbox"
      size="large"
      allowClear
      autoFocus={autoFocus}
      // The page's first field: the layout puts the focus back here once the page has opened.
      data-page-focus={autoFocus || undefined}
      autoComplete="off"
      enterKeyHint="search"
      prefix={<SearchOutlined aria-hidden />}
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onPressEnter={() => {
        latest.current(text);
        input.current?.select();
        onEnter?.(text);
      }}
      data-testid="search-input"
    />
  );
}
