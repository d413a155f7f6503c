import { CODE_LENGTH } from '@phonecloud/shared';
import { Input } from 'antd';
import { CaptchaField } from '../../../components/CaptchaField';
import { FieldError } from '../../../components/FieldError';
import { SendCodeButton } from '../../../components/SendCodeButton';
import type { ContactCode } from './use-contact-code';

interface Props {
  flow: ContactCode;
  onSend(): void;
}

/** Captcha row and code row (with the send button) of the sign-up and bind forms. */
export function ContactCodeFields({ flow, onSend }: Props) {
  return (
    <>
      <CaptchaField captcha={flow.captcha} />
      <div className="code-field">
        <div className="code-field__row">
          <Input
            size="large"
            value={flow.code}
            placeholder="验证码"
            aria-label="验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            status={flow.codeError ? 'error' : undefined}
            onChange={(e) => flow.setCode(e.target.value)}
          />
          <SendCodeButton countdown={flow.countdown} loading={flow.sending} onClick={onSend} />
        </div>
        <FieldError text={flow.codeError} />
      </div>
    </>
  );
}
