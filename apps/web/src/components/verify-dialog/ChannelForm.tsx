import { CODE_LENGTH, Msg, RESEND_WAIT_SECONDS, VerifyType, type VerifyTypeValue } from '@phonecloud/shared';
import { Input } from 'antd';
import { useState } from 'react';
import { api, shouldReport } from '../../api';
import { CaptchaField } from '../CaptchaField';
import { FieldError } from '../FieldError';
import { PrimaryButton } from '../PrimaryButton';
import { SendCodeButton } from '../SendCodeButton';
import { toast } from '../toast';
import { useCaptcha } from '../use-captcha';
import type { CountdownState } from '../use-countdown';
import { useTransientText } from '../use-transient-text';
import { verifyErrorText } from './verify-error-text';
import { type ScopePaths, VERIFY_CAPTCHA } from './verify-paths';

interface Props {
  paths: ScopePaths;
  verifyType: VerifyTypeValue;
  /** The masked phone or e-mail the code goes to. */
  destination: string;
  countdown: CountdownState;
  onVerified(): void;
}

/** One channel: image captcha, send-code button with its countdown, code input, confirm. */
export function ChannelForm({ paths, verifyType, destination, countdown, onVerified }: Props) {
  const captcha = useCaptcha(VERIFY_CAPTCHA);
  const [code, setCode] = useState('');
  const [codeError, showCodeError] = useTransientText();
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const isSms = verifyType === VerifyType.SMS;

  async function send() {
    if (!(await captcha.ensurePassed())) return;
    setSending(true);
    try {
      await api.post(paths.send, { verify_type: verifyType });
      toast.success(isSms ? Msg.CODE_SENT_SMS : Msg.CODE_SENT_EMAIL);
      countdown.start(RESEND_WAIT_SECONDS);
    } catch (error) {
      if (shouldReport(error)) showCodeError(verifyErrorText(error));
    } finally {
      setSending(false);
      // The pass was used by this send (or is gone after a refusal); another send needs a new image.
      captcha.reload();
    }
  }

  async function confirm() {
    const ticket = code.trim();
    if (!ticket) {
      showCodeError(Msg.CODE_EMPTY);
      return;
    }
    setChecking(true);
    try {
      await api.post(paths.check, { verify_type: verifyType, ticket });
      onVerified();
    } catch (error) {
      if (shouldReport(error)) showCodeError(verifyErrorText(error));
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
        验证码将发送至{isSms ? '手机' : '邮箱'} <strong>{destination}</strong>
      </p>
      <CaptchaField captcha={captcha} autoFocus />
      <div className="code-field">
        <div className="code-field__row">
          <Input
            size="large"
            value={code}
            placeholder={isSms ? '短信验证码' : '邮箱验证码'}
            aria-label={isSms ? '短信验证码' : '邮箱验证码'}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            status={codeError ? 'error' : undefined}
            onChange={(e) => setCode(e.target.value)}
          />
          <SendCodeButton countdown={countdown} loading={sending} onClick={() => void send()} />
        </div>
        <FieldError text={codeError} />
      </div>
      <PrimaryButton htmlType="submit" size="large" block loading={checking}>
        确定
      </PrimaryButton>
    </form>
  );
}
