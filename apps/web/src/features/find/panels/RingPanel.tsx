import { BellOutlined } from '@ant-design/icons';
import { RING_CODE_LENGTH } from '@phonecloud/shared';
import { Button, Input } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { toast } from '../../../components/toast';
import { findCalls } from '../api/find-calls';
import { ringCodeInput, ringCodeReady } from '../state/panel-rules';
import { useCommand } from '../state/use-command';
import { T } from '../texts';
import { Panel, PanelMessage } from './Panel';

/**
 * Ring (spec 001 §4): 1 set a 6-digit code, 2 wait for the phone (cancellable), 3 ringing until
 * 结束响铃 (option 0) or the code typed on the phone.
 */
export function RingPanel({ deviceId }: { deviceId: string }) {
  const uid = useId();
  const [code, setCode] = useState('');
  const [ringing, setRinging] = useState(false);
  const start = useCommand();
  const stop = useCommand();
  const error =
    start.state.phase === 'error'
      ? start.state.message
      : stop.state.phase === 'error'
        ? stop.state.message
        : '';

  const cancel = () => {
    start.reset();
    // The command may already be on its way: the phone is told to stop as well.
    findCalls.stopRing(deviceId).catch(() => undefined);
  };

  let body: ReactNode;
  if (start.busy) {
    body = (
      <>
        <PanelMessage tone="wait" text={T.ringWaiting} />
        <Button block onClick={cancel}>
          {T.cancel}
        </Button>
      </>
    );
  } else if (ringing) {
    body = (
      <>
        <PanelMessage tone="ok" text={T.ringing} />
        <PrimaryButton
          block
          loading={stop.busy}
          onClick={() =>
            void stop.run(
              () => findCalls.stopRing(deviceId),
              () => {
                setRinging(false);
                start.reset();
                toast.success(T.ringStopped);
              },
            )
          }
        >
          {T.ringStop}
        </PrimaryButton>
      </>
    );
  } else {
    body = (
      <>
        <div className="find-field">
          <label className="find-field__label" htmlFor={`${uid}-code`}>
            {T.ringCode}
          </label>
          <Input
            id={`${uid}-code`}
            value={code}
            inputMode="numeric"
            autoComplete="off"
            maxLength={RING_CODE_LENGTH}
            placeholder={T.ringCodeHint}
            onChange={(e) => setCode(ringCodeInput(e.target.value))}
          />
        </div>
        <PrimaryButton
          block
          icon={<BellOutlined />}
          disabled={!ringCodeReady(code)}
          onClick={() =>
            void start.run(
              () => findCalls.ring(deviceId, code),
              () => setRinging(true),
            )
          }
        >
          {T.ringStart}
        </PrimaryButton>
      </>
    );
  }
  return (
    <Panel id="ring" title={T.ring} hint={T.ringHint}>
      {body}
      <PanelMessage text={error} />
    </Panel>
  );
}
