import { Api, Msg } from '@phonecloud/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { api } from '../../../api';
import { FieldError } from '../../../components/FieldError';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { toast } from '../../../components/toast';
import { useTransientText } from '../../../components/use-transient-text';
import type { ContactKind } from '../account-paths';
import { ContactCodeFields } from '../codes/ContactCodeFields';
import { contactError, KIND_LABEL } from '../codes/contact-kind';
import { useContactCode } from '../codes/use-contact-code';
import { profileQuery } from './profile-query';

interface Props {
  kind: ContactKind;
  /** What is bound now; '' when nothing is. */
  current: string;
  onClose(): void;
}

/** Binds or changes a phone or e-mail: a code sent to the new one proves it belongs to the user. */
export function BindModal({ kind, current, onClose }: Props) {
  const queryClient = useQueryClient();
  const flow = useContactCode('bind');
  const [target, setTarget] = useState('');
  const [targetError, showTargetError] = useTransientText();
  const bind = useMutation({
    mutationFn: (code: string) => api.post(Api.accountBind, { type: kind, target: target.trim(), code }),
    onSuccess: () => {
      toast.success(Msg.BIND_DONE);
      void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
      onClose();
    },
    meta: { silent: true },
  });
  const label = KIND_LABEL[kind];

  const validTarget = () => {
    const error = contactError(kind, target);
    if (error) showTargetError(error);
    return !error;
  };

  const submit = () => {
    if (!validTarget()) return;
    const code = flow.code.trim();
    if (!code) {
      flow.showCodeError(Msg.CODE_EMPTY);
      return;
    }
    bind.mutate(code);
  };

  return (
    <Modal
      open
      title={`${current ? '更换' : '绑定'}${label}`}
      width={460}
      footer={null}
      maskClosable={false}
      onCancel={onClose}
    >
      <form
        className="bind-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {current ? (
          <p className="bind-form__current">
            当前{label}：{current}
          </p>
        ) : null}
        <div className="code-field">
          <Input
            size="large"
            value={target}
            placeholder={`新${label}`}
            aria-label={`新${label}`}
            status={targetError ? 'error' : undefined}
            onChange={(e) => setTarget(e.target.value)}
          />
          <FieldError text={targetError} />
        </div>
        <ContactCodeFields
          flow={flow}
          onSend={() => {
            if (validTarget()) void flow.send(kind, target);
          }}
        />
        {bind.isError ? (
          <Alert type="error" showIcon title={bind.error.message} className="form-alert" />
        ) : null}
        <PrimaryButton htmlType="submit" size="large" block loading={bind.isPending}>
          确定
        </PrimaryButton>
      </form>
    </Modal>
  );
}
