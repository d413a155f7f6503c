import { Input } from 'antd';

interface Props {
  value: number;
  min: number;
  max: number;
  onChange(value: number): void;
  disabled?: boolean;
  'aria-label': string;
  className?: string;
}

/**
 * A whole number in a plain number input (a phone shows its digit keyboard): kept within
 * [min, max] as it is typed; an empty box counts as `min`.
 */
export function NumberField({ value, min, max, onChange, disabled, className, ...rest }: Props) {
  return (
    <Input
      type="number"
      inputMode="numeric"
      className={`cal-number ${className ?? ''}`}
      aria-label={rest['aria-label']}
      min={min}
      max={max}
      step={1}
      value={value}
      disabled={disabled}
      onChange={(e) => {
        const n = Math.trunc(Number(e.target.value));
        onChange(Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min);
      }}
    />
  );
}
