import { type CheckDrawResult, Msg } from '@phonecloud/shared';
import { useCallback, useRef, useState } from 'react';
import { api } from '../api';
import { randomTmp } from '../api/form-encoding';
import { useTransientText } from './use-transient-text';

export interface CaptchaPaths {
  /** GET: the image. */
  draw: string;
  /** POST {captcha}: data.success. */
  check: string;
}

export interface CaptchaState {
  value: string;
  setValue(value: string): void;
  imageUrl: string;
  passed: boolean;
  checking: boolean;
  error: string;
  /** A new image; the old one (and any pass it gave) is gone on the server anyway. */
  reload(): void;
  /**
   * Checks the typed answer once; a second call while one runs waits for the same answer, so a
   * click on "send" right after typing (which also blurs the field) does not check twice.
   */
  ensurePassed(): Promise<boolean>;
  showError(text: string): void;
}

export function useCaptcha(paths: CaptchaPaths): CaptchaState {
  const [value, setValue] = useState('');
  const [tmp, setTmp] = useState(randomTmp);
  const [passed, setPassed] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, showError] = useTransientText();
  const pending = useRef<Promise<boolean> | null>(null);
  const image = useRef(0);

  const reload = useCallback(() => {
    image.current += 1;
    pending.current = null;
    setTmp(randomTmp());
    setValue('');
    setPassed(false);
  }, []);

  const ensurePassed = useCallback((): Promise<boolean> => {
    if (passed) return Promise.resolve(true);
    if (pending.current) return pending.current;
    const answer = value.trim();
    if (!answer) {
      showError(Msg.CAPTCHA_EMPTY);
      return Promise.resolve(false);
    }
    const forImage = image.current;
    setChecking(true);
    const run = api
      .post<CheckDrawResult>(paths.check, { captcha: answer }, { netError: Msg.NET_CAPTCHA })
      .then((result) => {
        if (forImage !== image.current) return false;
        if (result.success) {
          showError('');
          setPassed(true);
          return true;
        }
        showError(Msg.CAPTCHA_WRONG);
        reload();
        return false;
      })
      .catch((err: unknown) => {
        // A failed check used the image up on the server, whatever the reason.
        showError(err instanceof Error ? err.message : Msg.NET_CAPTCHA);
        reload();
        return false;
      })
      .finally(() => {
        setChecking(false);
        if (pending.current === run) pending.current = null;
      });
    pending.current = run;
    return run;
  }, [passed, value, paths.check, reload, showError]);

  return {
    value,
    setValue,
    imageUrl: `${paths.draw}?tmp=${tmp}`,
    passed,
    checking,
    error,
    reload,
    ensurePassed,
    showError,
  };
}
