import {
  CODE_LENGTH,
  Msg,
  TotpApi,
  type TotpConfirmed,
  type TotpEnrolment,
  TotpMsg,
} from '@phonecloud/shared';
import { useMutation } from '@tanstack/react-query';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { api } from '../../../api';
import { FieldError } from '../../../components/FieldError';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { toast } from '../../../components/toast';
import { useTransientText } from '../../../components/use-transient-text';
import type { FreshVerification } from '../codes/use-fresh-verification';
import { RecoveryCodesModal } from './RecoveryCodesModal';

interface Props {
  enrolment: TotpEnrolment;
  needsVerification: FreshVerification['needsVerification'];
  onDone(): void;
}

/** Groups of four, as the apps show a secret to type by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Enrolment: scan the QR code (or type the secret), enter the app's first code; then the recovery
 * codes, shown this once.
 */
export function TotpEnrolModal({ enrolment, needsVerification, onDone }: Props) {
  const [code, setCode] = useState('');
  const [codeError, showCodeError] = useTransientText();
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const confirm = useMutation({
    mutationFn: (value: string) => api.post<TotpConfirmed>(TotpApi.confirm, { code: value }),
    onSuccess: (data) => {
      toast.success(TotpMsg.ENROLLED);
      setRecovery(data.recovery_codes);
    },
    onError: (error, value) => {
      if (!needsVerification(error, () => confirm.mutate(value))) showCodeError(error.message);
    },
    meta: { silent: true },
  });

  const submit = () => {
    const value = code.trim();
    if (!value) showCodeError(Msg.CODE_EMPTY);
    else confirm.mutate(value);
  };

  if (recovery) return <RecoveryCodesModal codes={recovery} onDone={onDone} />;

  return (
    <Modal open title="绑定身份验证器" width={480} footer={null} maskClosable={false} onCancel={onDone}>
      <ol className="totp-steps">
        <li>在手机上打开身份验证器应用，扫描下方二维码。</li>
        <li>
          无法扫描时，在应用中手动输入密钥：
          <code className="totp-secret" data-testid="totp-secret">
            {grouped(enrolment.secret)}
          </code>
        </li>
        <li>输入应用中显示的 6 位动态码完成绑定。</li>
      </ol>
      <img className="totp-qr" src={enrolment.qr} alt="身份验证器二维码" width={200} height={200} />
      <form
        className="totp-confirm"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="code-field">
          <Input
            size="large"
            value={code}
            placeholder="6 位动态码"
            aria-label="身份验证器动态码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            status={codeError ? 'error' : undefined}
            onChange={(e) => setCode(e.target.value)}
          />
          <FieldError text={codeError} />
        </div>
        <PrimaryButton htmlType="submit" size="large" block loading={confirm.isPending}>
          完成绑定
        </PrimaryButton>
      </form>
    </Modal>
  );
}
