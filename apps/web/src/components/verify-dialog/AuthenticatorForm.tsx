import { CODE_LENGTH, Code, Msg, VerifyType } from '@phonecloud/shared';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { api, isApiError, shouldReport } from '../../api';
import { FieldError } from '../FieldError';
import { PrimaryButton } from '../PrimaryButton';
import { useTransientText } from '../use-transient-text';
import { verifyErrorText } from './verify-error-text';
import type { ScopePaths } from './verify-paths';

interface Props {
  paths: ScopePaths;
  onVerified(): void;
}

/**
 * The authenticator channel: the app's current code (verify_type 3), or one of the recovery codes
 * (4) when the phone with the app is not at hand. Nothing is sent, so no captcha comes first.
 */
export function AuthenticatorForm({ paths, onVerified }: Props) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, showCodeError] = useTransientText();
  const [checking, setChecking] = useState(false);
  const label = recovery ? '恢复码' : '身份验证器动态码';

  async function confirm() {
    const ticket = code.trim();
    if (!ticket) {
      showCodeError(Msg.CODE_EMPTY);
      return;
    }
    setChecking(true);
    try {
      await api.post(paths.check, { verify_type: recovery ? VerifyType.RECOVERY : VerifyType.TOTP, ticket });
      onVerified();
    } catch (error) {
      if (!shouldReport(error)) return;
      // A code once used (6003) is not "sent again": the app shows the next one within 30 s.
      showCodeError(
        isApiError(error) && error.code === Code.TICKET_EXPIRED ? error.message : verifyErrorText(error),
      );
    } finally {
      setChecking(false);
    }
  }

  return (
    <form
      className="channel-form"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <p className="channel-form__destination">
        {recovery
          ? '请输入绑定身份验证器时保存的一个恢复码（每个恢复码只能使用一次）'
          : '请打开手机上的身份验证器应用，输入当前显示的 6 位动态码'}
      </p>
      <div className="code-field">
        <Input
          size="large"
          value={code}
          placeholder={label}
          aria-label={label}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={recovery ? 16 : CODE_LENGTH}
          status={codeError ? 'error' : undefined}
          autoFocus
          onChange={(e) => setCode(e.target.value)}
        />
        <FieldError text={codeError} />
      </div>
      <PrimaryButton htmlType="submit" size="large" block loading={checking}>
        确定
      </PrimaryButton>
      <Button
        type="link"
        block
        className="channel-form__switch"
        onClick={() => {
          setRecovery(!recovery);
          setCode('');
          showCodeError('');
        }}
      >
        {recovery ? '使用身份验证器动态码' : '手机不在身边？使用恢复码'}
      </Button>
    </form>
  );
}
