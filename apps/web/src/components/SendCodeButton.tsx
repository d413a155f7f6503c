import { Button } from 'antd';
import { sendCodeLabel } from './countdown';
import type { CountdownState } from './use-countdown';

interface Props {
  countdown: CountdownState;
  loading: boolean;
  onClick(): void;
}

/** Sends a code, then stays disabled through the resend wait with a per-second countdown. */
export function SendCodeButton({ countdown, loading, onClick }: Props) {
  const waiting = countdown.secondsLeft > 0;
  return (
    <Button size="large" className="send-code" disabled={waiting} loading={loading} onClick={onClick}>
      {sendCodeLabel(countdown.secondsLeft, countdown.started)}
    </Button>
  );
}
