/**
 * A horizontal slider (seek, volume, zoom) on the native range input: keyboard, pointer, touch and screen
 * readers come with the browser, at no cost to the first page's weight. `onChange` follows the thumb,
 * `onCommit` fires once it is let go (or at each key press).
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import { useLatest } from '../lib/use-latest';
import { cx } from '../lib/class-names';

interface SliderProps {
  label: string;
  value: number;
  min?: number;
  max: number;
  step: number;
  valueText: string;
  disabled?: boolean;
  className?: string;
  onChange: (value: number) => void;
  onCommit?: (value: number) => void;
}

export function Slider({ label, value, min = 0, max, step, valueText, disabled, className, onChange, onCommit }: SliderProps) {
  const input = useRef<HTMLInputElement>(null);
  const commit = useLatest(onCommit);
  const shown = Math.min(Math.max(value, min), max);
  const fill = max > min ? ((shown - min) / (max - min)) * 100 : 0;

  // React's onChange is the native "input" event; the native "change" is the release.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const onRelease = () => commit.current?.(Number(element.value));
    element.addEventListener('change', onRelease);
    return () => element.removeEventListener('change', onRelease);
  }, [commit]);

  return (
    <input
      ref={input}
      type="range"
      aria-label={label}
      aria-valuetext={valueText}
      min={min}
      max={max}
      step={step}
      value={shown}
      disabled={disabled}
      onChange={(event) => onChange(Number(event.target.value))}
      className={cx('range', className)}
      style={{ '--fill': `${fill}%` } as CSSProperties}
    />
  );
}
