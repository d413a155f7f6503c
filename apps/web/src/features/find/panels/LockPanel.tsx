import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { FindMsg, LOCK_INFO_MAX } from '@phonecloud/shared';
import { Button, Input } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { confirm } from '../../../components/confirm';
import { FieldError } from '../../../components/FieldError';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { findCalls } from '../api/find-calls';
import { lockCounter, lockTextError, lockTextInput } from '../state/panel-rules';
import { useCommand } from '../state/use-command';
import { T } from '../texts';
import { Panel, PanelMessage } from './Panel';

/**
 * Lock (spec 001 §4): 1 the lock screen's text, 2 waiting for the phone (cancellable), 3 locked;
 * unlock after a confirmation.
 */
export function LockPanel({
  deviceId,
  locked,
  onLocked,
}: {
  deviceId: string;
  locked: boolean;
  onLocked: (locked: 0 | 1) => void;
}) {
  const uid = useId();
  const [text, setText] = useState<string>(FindMsg.DEFAULT_LOCK_INFO);
  const [fieldError, setFieldError] = useState('');
  const lock = useCommand();
  const unlock = useCommand();
  const counter = lockCounter(text);
  const error =
    lock.state.phase === 'error'
      ? lock.state.message
      : unlock.state.phase === 'error'
        ? unlock.state.message
        : '';

  const submit = () => {
    const problem = lockTextError(text);
    setFieldError(problem ?? '');
    if (problem) return;
    void lock.run(
      () => findCalls.lock(deviceId, text.trim()),
      () => onLocked(1),
    );
  };
  const askUnlock = () =>
    confirm({
      title: T.unlockConfirm,
      okText: T.unlock,
      cancelText: T.cancel,
      onOk: () => {
        void unlock.run(
          () => findCalls.unlock(deviceId),
          () => {
            lock.reset();
            onLocked(0);
          },
        );
      },
    });

  let body: ReactNode;
  if (lock.busy) {
    body = (
      <>
        <PanelMessage tone="wait" text={T.lockWaiting} />
        <Button block onClick={lock.reset}>
          {T.cancel}
        </Button>
      </>
    );
  } else if (locked) {
    body = (
      <>
        <PanelMessage tone="ok" text={T.locked} />
        {unlock.busy && <PanelMessage tone="wait" text={T.unlockWaiting} />}
        <Button block icon={<UnlockOutlined />} loading={unlock.busy} onClick={askUnlock}>
          {T.unlock}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <div className="find-field">
          <label className="find-field__label" htmlFor={`${uid}-text`}>
            {T.lockText}
          </label>
          <Input.TextArea
            id={`${uid}-text`}
            value={text}
            rows={4}
            onChange={(e) => {
              setText(lockTextInput(e.target.value));
              setFieldError('');
            }}
          />
        </div>
        <div className="find-field__foot">
          <FieldError text={fieldError} />
          {counter.shown && (
            <span className={`find-counter${counter.full ? ' find-counter--full' : ''}`} aria-live="polite">
              {T.counter(counter.length, LOCK_INFO_MAX)}
            </span>
          )}
        </div>
        <PrimaryButton block icon={<LockOutlined />} onClick={submit}>
          {T.lockStart}
        </PrimaryButton>
      </>
    );
  }
  return (
    <Panel id="lock" title={T.lock} hint={T.lockHint}>
      {body}
      <PanelMessage text={error} />
    </Panel>
  );
}
