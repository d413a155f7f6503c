import { Api, Msg, RESEND_WAIT_SECONDS } from '@phonecloud/shared';

import { useState } from 'react';
import { api, shouldReport } from '../../../api';
import { toast } from '../../../components/toast';
import { useCaptcha } from '../../../components/use-captcha';
import { useCountdown } from '../../../components/use-countdown';
import { useTransientText } from '../../../components/use-transient-text';
import { ACCOUNT_CAPTCHA, type CodePurpose, type ContactKind } from '../account-paths';
import { contactError } from './contact-kind';

/**
 * A code sent to a phone or e-mail that is being registered or bound, or (reset) to the address
 * the named account has bound: captcha first, then the call, then the resend wait. The captcha
 * guards every code the page sends.
 */
export function useContactCode(purpose: CodePurpose) {
  const captcha = useCaptcha(ACCOUNT_CAPTCHA);
  const countdown = useCountdown();
  const [code, setCode] = useState('');
  const [codeError, showCodeError] = useTransientText();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  /** `target` is the address, or for a reset the account's name as typed. */
  async function send(kind: ContactKind, target: string) {
    const invalid = purpose === 'reset' ? null : contactError(kind, target);
    if (invalid) {
      showCodeError(invalid);
      return;
    }
    if (!(await captcha.ensurePassed())) return;
    setSending(true);
    try {
      if (purpose === 'reset') {
        await api.post(Api.accountResetCode, { account: target.trim(), type: kind });
        toast.success(Msg.RESET_CODE_SENT);
      } else {
        await api.post(Api.accountSendCode, { purpose, type: kind, target: target.trim() });
        toast.success(kind === 'phone' ? Msg.CODE_SENT_SMS : Msg.CODE_SENT_EMAIL);
      }
      setSent(true);
      countdown.start(RESEND_WAIT_SECONDS);
    } catch (error) {
      if (shouldReport(error) && error instanceof Error) showCodeError(error.message);
    } finally {
      setSending(false);
      captcha.reload();
    }
  }

  return { captcha, countdown, code, setCode, codeError, showCodeError, sending, sent, send };
}

export type ContactCode = ReturnType<typeof useContactCode>;
