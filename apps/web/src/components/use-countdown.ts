import { useEffect, useState, useSyncExternalStore } from 'react';
import { createCountdown } from './countdown';

export interface CountdownState {
  secondsLeft: number;
  /** Whether a countdown ever ran: the button then says '重新获取'. */
  started: boolean;
  start(seconds: number): void;
}

export function useCountdown(): CountdownState {
  const [countdown] = useState(createCountdown);
  const [started, setStarted] = useState(false);
  const secondsLeft = useSyncExternalStore(countdown.subscribe, countdown.secondsLeft);
  useEffect(() => () => countdown.stop(), [countdown]);
  return {
    secondsLeft,
    started,
    start(seconds) {
      setStarted(true);
      countdown.start(seconds);
    },
  };
}
