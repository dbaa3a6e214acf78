import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The dark modules of `text`'s QR code as one SVG path (drawn by React: no markup from a string). */
export function qrPath(text: string): { size: number; path: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size, path };
}

/** A QR code a phone's camera opens; `label` says what it holds to a screen reader. */
export function QrCode({ text, label, pixels = 192 }: { text: string; label: string; pixels?: number }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  const quiet = 4;
  const box = size + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={pixels}
      height={pixels}
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      shapeRendering="crispEdges"
      data-testid="pay-link-qr"
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
