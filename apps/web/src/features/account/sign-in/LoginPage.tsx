import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Api, Code, Msg } from '@phonecloud/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { api, isApiError } from '../../../api';
import { CaptchaField } from '../../../components/CaptchaField';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { useCaptcha } from '../../../components/use-captcha';
import { ACCOUNT_CAPTCHA } from '../account-paths';
import { AccountCard } from '../centre/AccountCard';
import { requiredRule } from '../codes/form-rules';
import { goAfterSignIn, safeRedirect } from './redirect';

interface LoginFields {
  account: string;
  password: string;
}

export function LoginPage() {
  const [params] = useSearchParams();
  // Back from 忘记密码: say that the new password is set.
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  // Already signed in (a bookmark, the back button): on to where the visit was going.
  const signedIn = useQuery({
    queryKey: ['account', 'signed-in'],
    queryFn: () => api.get(Api.userDetail, { stayOnLogout: true }),
    retry: false,
    meta: { silent: true },
  });
  useEffect(() => {
    if (signedIn.isSuccess) goAfterSignIn(safeRedirect(params.get('redirect')));
  }, [signedIn.isSuccess, params]);
  // After repeated failures on an account (or from this address) the server asks for an image
  // captcha with each try (1001); a try uses the pass up, so every retry shows a new image.
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const captcha = useCaptcha(ACCOUNT_CAPTCHA);
  const login = useMutation({
    mutationFn: (fields: LoginFields) =>
      api.post(Api.accountLogin, { account: fields.account.trim(), password: fields.password }),
    onSuccess: () => goAfterSignIn(safeRedirect(params.get('redirect'))),
    onError: (err) => {
      if (isApiError(err) && err.code === Code.CAPTCHA_REQUIRED) setNeedCaptcha(true);
      if (needCaptcha || (isApiError(err) && err.code === Code.CAPTCHA_REQUIRED)) captcha.reload();
    },
    meta: { silent: true },
  });
  const submit = async (fields: LoginFields) => {
    if (needCaptcha && !(await captcha.ensurePassed())) return;
    login.mutate(fields);
  };

  return (
    <AccountCard title="登录" subtitle="使用用户名、手机号或邮箱登录">
      {notice ? <Alert type="success" showIcon title={notice} className="form-alert" /> : null}
      <Form<LoginFields> layout="vertical" size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="account" label="账号" rules={[requiredRule(Msg.ACCOUNT_EMPTY)]}>
          <Input
            prefix={<UserOutlined />}
            placeholder="用户名 / 手机号 / 邮箱"
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: Msg.PASSWORD_EMPTY }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
        </Form.Item>
        <div className="login-forgot">
          <Link to="/forgot">忘记密码？</Link>
        </div>
        {needCaptcha ? (
          <div className="login-captcha">
            <CaptchaField captcha={captcha} />
          </div>
        ) : null}
        {login.isError ? (
          <Alert type="error" showIcon title={login.error.message} className="form-alert" />
        ) : null}
        <PrimaryButton htmlType="submit" block loading={login.isPending || login.isSuccess}>
          登录
        </PrimaryButton>
      </Form>
      <p className="account-card__switch">
        还没有账号？<Link to="/register">立即注册</Link>
      </p>
    </AccountCard>
  );
}
