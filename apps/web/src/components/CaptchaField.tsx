import { CheckCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { FieldError } from './FieldError';
import type { CaptchaState } from './use-captcha';

interface Props {
  captcha: CaptchaState;
  autoFocus?: boolean;
}

/** Image captcha: typed answer checked when the field loses focus; click the image for a new one. */
export function CaptchaField({ captcha, autoFocus }: Props) {
  const suffix = captcha.checking ? (
    <LoadingOutlined />
  ) : captcha.passed ? (
    <CheckCircleFilled className="captcha-passed" aria-label="图片验证码已通过" />
  ) : (
    <span />
  );
  return (
    <div className="code-field">
      <div className="code-field__row">
        <Input
          size="large"
          value={captcha.value}
          placeholder="图片验证码"
          aria-label="图片验证码"
          maxLength={8}
          autoComplete="off"
          autoFocus={autoFocus}
          readOnly={captcha.passed}
          status={captcha.error ? 'error' : undefined}
          suffix={suffix}
          onChange={(e) => captcha.setValue(e.target.value)}
          onBlur={(e) => {
            // Moving to the image means "give me another one", not "check what I typed".
            if (e.relatedTarget?.classList.contains('captcha-image')) return;
            void captcha.ensurePassed();
          }}
          onPressEnter={() => void captcha.ensurePassed()}
        />
        <button type="button" className="captcha-image" title="看不清？换一张" onClick={captcha.reload}>
          <img src={captcha.imageUrl} alt="图片验证码，点击换一张" width={110} height={38} />
        </button>
      </div>
      <FieldError text={captcha.error} />
    </div>
  );
}
