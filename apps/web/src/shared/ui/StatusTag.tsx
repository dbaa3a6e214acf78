import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** Solid colours dark enough for white text (WCAG AA); antd's light presets are not. */
const TONES = {
  success: '#2e7d32',
  info: '#1565c0',
  warning: '#8a4b00',
  accent: '#6a1b9a',
  neutral: '#5d596c',
} as const;

export type Tone = keyof typeof TONES;

export function StatusTag({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <Tag color={TONES[tone]} data-testid={testId}>
      {children}
    </Tag>
  );
}
