import { DeleteOutlined } from '@ant-design/icons';
import { Code, FindMsg, WIPE_FIELD_MAX } from '@phonecloud/shared';
import { Alert, Button, Input } from 'antd';
import { useId, useState } from 'react';
import { confirm } from '../../../components/confirm';
import { FieldError } from '../../../components/FieldError';
import { findCalls } from '../api/find-calls';
import { wipeErrors, wipeFieldInput } from '../state/panel-rules';
import { useCommand } from '../state/use-command';
import { T } from '../texts';
import { Panel, PanelMessage } from './Panel';

/**
 * Wipe (spec 001 §4, §5): the account and its password (checked on the server: 1013, then 1014),
 * the spec's warning, a confirmation; no second wipe while one is awaited.
 */
export function WipePanel({ deviceId }: { deviceId: string }) {
  const uid = useId();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: string; password?: string }>({});
  const wipe = useCommand();
  const failed = wipe.state.phase === 'error' ? wipe.state : null;
  const credentialError =
    failed && (failed.code === Code.BAD_CREDENTIALS || failed.code === Code.TOO_MANY_FAILURES)
      ? failed.message
      : '';

  const submit = () => {
    const found = wipeErrors(account, password);
    setErrors(found);
    if (found.account || found.password) return;
    confirm({
      title: T.wipeConfirmTitle,
      content: FindMsg.WIPE_WARNING,
      okText: T.wipeStart,
      cancelText: T.cancel,
      okButtonProps: { danger: true },
      onOk: () => {
        void wipe.run(() => findCalls.wipe(deviceId, account.trim(), password));
      },
    });
  };

  return (
    <Panel id="wipe" title={T.wipe} hint={T.wipeHint}>
      <Alert type="warning" showIcon className="find-wipe-warning" message={FindMsg.WIPE_WARNING} />
      {wipe.state.phase === 'done' ? (
        <PanelMessage tone="ok" text={T.wiped} />
      ) : (
        <>
          <div className="find-field">
            <label className="find-field__label" htmlFor={`${uid}-account`}>
              {T.wipeAccount}
            </label>
            <Input
              id={`${uid}-account`}
              value={account}
              maxLength={WIPE_FIELD_MAX}
              autoComplete="username"
              disabled={wipe.busy}
              onChange={(e) => {
                setAccount(wipeFieldInput(e.target.value));
                setErrors((x) => ({ ...x, account: undefined }));
              }}
            />
          </div>
          <FieldError text={errors.account ?? ''} />
          <div className="find-field">
            <label className="find-field__label" htmlFor={`${uid}-password`}>
              {T.wipePassword}
            </label>
            <Input.Password
              id={`${uid}-password`}
              value={password}
              maxLength={WIPE_FIELD_MAX}
              autoComplete="current-password"
              disabled={wipe.busy}
              onChange={(e) => {
                setPassword(wipeFieldInput(e.target.value));
                setErrors((x) => ({ ...x, password: undefined }));
              }}
            />
          </div>
          <FieldError text={errors.password ?? credentialError} />
          {wipe.busy && <PanelMessage tone="wait" text={T.wipeWaiting} />}
          <Button block danger type="primary" icon={<DeleteOutlined />} disabled={wipe.busy} onClick={submit}>
            {T.wipeStart}
          </Button>
        </>
      )}
      {!credentialError && <PanelMessage text={failed?.message ?? ''} />}
    </Panel>
  );
}
