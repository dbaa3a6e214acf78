import { Button, Input, Segmented } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

/** A typed name drawn as a signature image (a PNG data URL), in a handwriting-like italic. */
function typedPng(name: string): string | null {
  if (!name.trim()) return null;
  const canvas = document.createElement('canvas');
  canvas.width = 600;
  canvas.height = 160;
  const g = canvas.getContext('2d');
  if (!g) return null;
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#111';
  g.font = 'italic 56px "Segoe Script", "Brush Script MT", cursive, serif';
  g.textBaseline = 'middle';
  g.fillText(name.trim(), 20, 80, 560);
  return canvas.toDataURL('image/png');
}

/**
 * A signature drawn with a finger, a pen or the mouse (`signature_pad`), or typed: answers the PNG
 * (a data URL) through `onChange`, null while empty.
 */
export function SignatureCanvas({ onChange, testId }: { onChange: (png: string | null) => void; testId: string }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [typed, setTyped] = useState('');

  useEffect(() => {
    if (mode !== 'draw' || !canvasRef.current) return;
    const canvas = canvasRef.current;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)' });
    padRef.current = pad;
    const ended = () => onChange(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', ended);
    return () => {
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, [mode, onChange]);

  return (
    <div className="signature-field" data-testid={testId}>
      <Segmented
        value={mode}
        onChange={(value) => {
          setMode(value as 'draw' | 'type');
          onChange(value === 'type' ? typedPng(typed) : null);
        }}
        options={[
          { value: 'draw', label: t('signatures:page.draw') },
          { value: 'type', label: t('signatures:page.type') },
        ]}
      />
      {mode === 'draw' ? (
        <>
          <canvas
            ref={canvasRef}
            className="signature-canvas"
            aria-label={t('signatures:page.drawHere')}
            data-testid={`${testId}-canvas`}
          />
          <div className="signature-field__actions">
            <span className="signature-field__hint">{t('signatures:page.drawHere')}</span>
            <Button
              size="small"
              onClick={() => {
                padRef.current?.clear();
                onChange(null);
              }}
            >
              {t('signatures:page.clear')}
            </Button>
          </div>
        </>
      ) : (
        <Input
          size="large"
          value={typed}
          placeholder={t('signatures:page.typeHere')}
          data-testid={`${testId}-typed`}
          onChange={(e) => {
            setTyped(e.target.value);
            onChange(typedPng(e.target.value));
          }}
        />
      )}
    </div>
  );
}
