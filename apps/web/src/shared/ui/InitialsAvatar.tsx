import type { CSSProperties } from 'react';
import './initialsAvatar.css';

interface Props {
  /** One or two letters (or characters of a Chinese name). */
  text: string;
  size?: number;
  /** A background dark enough for white text; the brand colour when absent. */
  background?: string;
  className?: string;
}

/**
 * Initials in a circle, drawn by CSS alone. antd's Avatar measures its text after every render to
 * scale it down (a forced layout per avatar: 50 ms for a page of 20 members on the list); initials
 * are at most two characters and always fit at this font size, so nothing needs measuring.
 */
export function InitialsAvatar({ text, size = 36, background, className }: Props) {
  const style: CSSProperties = {
    width: size,
    height: size,
    fontSize: Math.round(size * 0.42),
    ...(background ? { backgroundColor: background } : {}),
  };
  return (
    <span className={className ? `initials-avatar ${className}` : 'initials-avatar'} style={style} aria-hidden>
      {text}
    </span>
  );
}
