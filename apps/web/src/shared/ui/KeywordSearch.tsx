import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

interface Props {
  value: string;
  onChange: (keyword: string) => void;
  label: string;
  placeholder?: string;
  id: string;
  /** The screen's first field: the focus is put here when the screen opens (the desk types at once). */
  pageFocus?: boolean | undefined;
}

/**
 * The search box of a list: the list follows the typing after a short pause (or at once on Enter),
 * and the box follows the address when back or forward changes the keyword.
 */
export function KeywordSearch({ value, onChange, label, placeholder, id, pageFocus }: Props) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const last = useRef(value);

  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (trimmed === last.current) return;
    last.current = trimmed;
    onChange(trimmed);
  };

  return (
    <Input
      id={id}
      className="list-toolbar__search"
      type="search"
      allowClear
      value={text}
      prefix={<SearchOutlined aria-hidden />}
      placeholder={placeholder}
      aria-label={label}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), 350);
      }}
      onPressEnter={() => commit(text)}
      data-testid="list-keyword"
      data-page-focus={pageFocus || undefined}
    />
  );
}
