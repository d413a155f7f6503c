import type { PhotoMonth } from '@phonecloud/shared';
import { useMemo } from 'react';
import { scrubberYears } from './layout';

/**
 * The scrubber: every year, and the months of the year on screen, from the month index. A click
 * jumps to that month's row at once; the months between are never loaded.
 */
export function Scrubber({
  months,
  current,
  onJump,
}: {
  months: readonly PhotoMonth[];
  /** The month at the top of the window. */
  current: string | undefined;
  onJump: (month: string) => void;
}) {
  const years = useMemo(() => scrubberYears(months), [months]);
  const shown = years.find((y) => y.year === current?.slice(0, 4)) ?? years[0];
  return (
    <div className="photo-scrubber">
      <nav className="photo-scrubber__line" aria-label="按年份跳转">
        {years.map((y) => (
          <button
            key={y.year}
            type="button"
            aria-current={y.year === shown?.year ? 'true' : undefined}
            title={`${y.count} 项`}
            onClick={() => onJump(y.months[0]?.month ?? '')}
          >
            {y.year}
          </button>
        ))}
      </nav>
      {shown && (
        <nav className="photo-scrubber__line photo-scrubber__months" aria-label="按月份跳转">
          {shown.months.map((m) => (
            <button
              key={m.month}
              type="button"
              aria-label={`${shown.year}年${Number(m.month.slice(5))}月`}
              aria-current={m.month === current ? 'true' : undefined}
              title={`${m.count} 项`}
              onClick={() => onJump(m.month)}
            >
              {Number(m.month.slice(5))}月
            </button>
          ))}
        </nav>
      )}
    </div>
  );
}
