import { SafetyCertificateOutlined } from '@ant-design/icons';
import {
  TotpApi,
  type TotpConfirmed,
  type TotpEnrolment,
  TotpMsg,
  type TotpStatus,
} from '@phonecloud/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { api } from '../../../api';
import { toast } from '../../../components/toast';
import { when } from '../centre/when';
import { useFreshVerification } from '../codes/use-fresh-verification';
import { RecoveryCodesModal } from './RecoveryCodesModal';
import { TotpEnrolModal } from './TotpEnrolModal';
import { totpStatusQuery } from './totp-query';

/** The authenticator app as a second-verification channel: enrol, see the recovery codes left, remove. */
export function TotpCard() {
  const queryClient = useQueryClient();
  const status = useQuery(totpStatusQuery());
  const fresh = useFreshVerification();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [renewed, setRenewed] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: totpStatusQuery().queryKey });

  const enrol = useMutation({
    mutationFn: () => api.post<TotpEnrolment>(TotpApi.enrol),
    onSuccess: setEnrolment,
    onError: (error) => fresh.needsVerification(error, () => enrol.mutate()),
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: () => api.post(TotpApi.remove),
    onSuccess: () => {
      setConfirmRemove(false);
      toast.success(TotpMsg.REMOVED);
      void refresh();
    },
    onError: (error) => fresh.needsVerification(error, () => remove.mutate()),
    meta: { silent: true },
  });
  const renew = useMutation({
    mutationFn: () => api.post<TotpConfirmed>(TotpApi.recovery),
    onSuccess: (data) => setRenewed(data.recovery_codes),
    onError: (error) => fresh.needsVerification(error, () => renew.mutate()),
    meta: { silent: true },
  });
  const failure = [enrol, remove, renew].find((m) => m.isError && !fresh.dialog)?.error;
  const s = status.data;

  return (
    <section className="centre-section totp-card">
      <h2 className="centre-section__title">身份验证器</h2>
      <p className="centre-section__hint">
        绑定手机上的身份验证器应用（如 Google Authenticator、Microsoft
        Authenticator）后，安全验证可直接输入应用中的动态码，无需等待短信或邮件。
      </p>
      {s ? (
        <div className="centre-row totp-card__row">
          <span className="centre-row__icon">
            <SafetyCertificateOutlined />
          </span>
          <TotpState status={s} />
          {s.enabled ? (
            <span className="totp-card__actions">
              <Button loading={renew.isPending} onClick={() => renew.mutate()}>
                重新生成恢复码
              </Button>
              <Button danger onClick={() => setConfirmRemove(true)}>
                解除绑定
              </Button>
            </span>
          ) : (
            <Button loading={enrol.isPending} onClick={() => enrol.mutate()}>
              绑定身份验证器
            </Button>
          )}
        </div>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
      {failure ? <Alert type="error" showIcon title={failure.message} className="form-alert" /> : null}
      {enrolment ? (
        <TotpEnrolModal
          enrolment={enrolment}
          needsVerification={fresh.needsVerification}
          onDone={() => {
            setEnrolment(null);
            void refresh();
          }}
        />
      ) : null}
      {renewed ? (
        <RecoveryCodesModal
          codes={renewed}
          onDone={() => {
            setRenewed(null);
            void refresh();
          }}
        />
      ) : null}
      <ConfirmRemove
        open={confirmRemove}
        pending={remove.isPending}
        onOk={() => remove.mutate()}
        onCancel={() => setConfirmRemove(false)}
      />
      {fresh.dialog}
    </section>
  );
}

/** Bound or not, and when bound since when and how many recovery codes are left. */
function TotpState({ status }: { status: TotpStatus }) {
  return (
    <span className="totp-card__state">
      {status.enabled ? (
        <>
          <Tag color="green">已绑定</Tag>
          <span className="totp-card__meta">
            绑定于 {when(status.enrolled_at)} · 剩余恢复码 {status.recovery_left} 个
          </span>
        </>
      ) : (
        <Tag>未绑定</Tag>
      )}
    </span>
  );
}

function ConfirmRemove(props: { open: boolean; pending: boolean; onOk(): void; onCancel(): void }) {
  return (
    <Modal
      open={props.open}
      title="解除绑定身份验证器"
      okText="解除绑定"
      okButtonProps={{ danger: true, loading: props.pending }}
      cancelText="取消"
      onOk={props.onOk}
      onCancel={props.onCancel}
    >
      <p>解除后，应用中的动态码和未使用的恢复码都将失效，安全验证只能通过短信或邮件完成。</p>
    </Modal>
  );
}
