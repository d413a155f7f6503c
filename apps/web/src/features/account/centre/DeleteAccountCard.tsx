import { AccountPage, Api, Msg, TotpMsg } from '@phonecloud/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { api, forgetAllVerified } from '../../../api';
import { FieldError } from '../../../components/FieldError';
import { toast } from '../../../components/toast';
import { useTransientText } from '../../../components/use-transient-text';
import { useFreshVerification } from '../codes/use-fresh-verification';
import { goAfterSignIn } from '../sign-in/redirect';

const WHAT_GOES =
  '账号本身，以及通讯录、短信、便签、日程、查找手机记录、云盘文件、登录设备和身份验证器等全部数据';

/** The danger zone: deleting the account with the password and a fresh verification. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, showError] = useTransientText();
  const fresh = useFreshVerification();
  const remove = useMutation({
    mutationFn: (value: string) => api.post(Api.userDelete, { password: value }),
    onSuccess: () => {
      toast.success(TotpMsg.ACCOUNT_DELETED);
      forgetAllVerified();
      goAfterSignIn(AccountPage.login);
    },
    // 1013 wrong password and 1014 too many tries carry the spec's texts.
    onError: (e, value) => {
      if (!fresh.needsVerification(e, () => remove.mutate(value))) showError(e.message);
    },
    meta: { silent: true },
  });

  const submit = () => {
    if (!password) showError(Msg.PASSWORD_EMPTY);
    else remove.mutate(password);
  };

  return (
    <section className="centre-section danger-card">
      <h2 className="centre-section__title">注销账号</h2>
      <p className="centre-section__hint">注销后将永久删除{WHAT_GOES}，无法恢复。</p>
      <Button danger onClick={() => setOpen(true)}>
        注销账号
      </Button>
      <Modal
        open={open}
        title="注销账号"
        width={460}
        footer={null}
        maskClosable={false}
        onCancel={() => {
          setOpen(false);
          setPassword('');
        }}
      >
        <form
          className="danger-card__form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Alert
            type="error"
            showIcon
            className="form-alert"
            title="此操作不可撤销"
            description={`将立即删除${WHAT_GOES}。完成后会退出登录。`}
          />
          <p className="danger-card__ask">请输入登录密码确认。如尚未完成安全验证，确认后会先进行验证。</p>
          <div className="code-field">
            <Input.Password
              size="large"
              value={password}
              placeholder="登录密码"
              aria-label="登录密码"
              autoComplete="current-password"
              status={error ? 'error' : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
            <FieldError text={error} />
          </div>
          <Button danger type="primary" htmlType="submit" size="large" block loading={remove.isPending}>
            永久注销账号
          </Button>
        </form>
      </Modal>
      {fresh.dialog}
    </section>
  );
}
