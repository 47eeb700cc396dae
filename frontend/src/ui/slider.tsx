/** A horizontal slider (seek, volume) on Radix: keyboard, pointer and screen readers for free. */
import * as RadixSlider from '@radix-ui/react-slider';
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
  return (
    <RadixSlider.Root
      className={cx('group relative flex h-5 touch-none select-none items-center', disabled && 'opacity-50', className)}
      value={[Math.min(Math.max(value, min), max)]}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      onValueChange={([next]) => onChange(next)}
      onValueCommit={onCommit ? ([next]) => onCommit(next) : undefined}
    >
      <RadixSlider.Track className="relative h-1 grow overflow-hidden rounded-full bg-white/20">
        <RadixSlider.Range className="absolute h-full rounded-full bg-zinc-100 group-hover:bg-accent" />
      </RadixSlider.Track>
      <RadixSlider.Thumb
        aria-label={label}
        aria-valuetext={valueText}
        className="block size-3.5 rounded-full bg-zinc-50 shadow transition-transform hover:scale-110"
      />
    </RadixSlider.Root>
  );
}
