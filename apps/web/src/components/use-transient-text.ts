import { ERROR_TEXT_MS } from '@phonecloud/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** An error text that goes away by itself after ERROR_TEXT_MS (spec 000 §4). */
export function useTransientText(ms = ERROR_TEXT_MS): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const show = useCallback(
    (next: string) => {
      if (timer.current) clearTimeout(timer.current);
      setText(next);
      timer.current = next ? setTimeout(() => setText(''), ms) : null;
    },
    [ms],
  );
  return [text, show];
}
