import { UserOutlined } from '@ant-design/icons';
import { Api, Code, Msg } from '@phonecloud/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Radio } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { api, isApiError } from '../../../api';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { toast } from '../../../components/toast';
import type { ContactKind } from '../account-paths';
import { AccountCard } from '../centre/AccountCard';
import { ContactCodeFields } from '../codes/ContactCodeFields';
import { newPasswordRules, requiredRule, sameAs } from '../codes/form-rules';
import { useContactCode } from '../codes/use-contact-code';

interface ForgotFields {
  account: string;
  type: ContactKind;
  password: string;
  repeat: string;
}

/**
 * 忘记密码: the account's name (user name, phone or e-mail), the channel, the captcha and a code
 * to the address the account has bound, then a new password. The page never learns whether the
 * name is an account's: the server answers alike, and the page says so in its words.
 */
export function ForgotPage() {
  const [form] = Form.useForm<ForgotFields>();
  const navigate = useNavigate();
  const flow = useContactCode('reset');
  const reset = useMutation({
    mutationFn: (fields: ForgotFields & { code: string }) =>
      api.post(Api.accountResetPassword, {
        account: fields.account.trim(),
        type: fields.type,
        code: fields.code,
        password: fields.password,
      }),
    onSuccess: () => {
      toast.success(Msg.RESET_DONE);
      navigate('/login', { replace: true, state: { notice: Msg.RESET_DONE } });
    },
    // Past the sign-in's failure limit the server asks for the image captcha again (1001).
    onError: (err) => {
      if (isApiError(err) && err.code === Code.CAPTCHA_REQUIRED) flow.captcha.reload();
    },
    meta: { silent: true },
  });

  const submit = async (fields: ForgotFields) => {
    const code = flow.code.trim();
    if (!code) {
      flow.showCodeError(Msg.CODE_EMPTY);
      return;
    }
    if (reset.error && isApiError(reset.error) && reset.error.code === Code.CAPTCHA_REQUIRED) {
      if (!(await flow.captcha.ensurePassed())) return;
    }
    reset.mutate({ ...fields, code });
  };

  const sendCode = async () => {
    try {
      await form.validateFields(['account']);
    } catch {
      return;
    }
    void flow.send(form.getFieldValue('type') as ContactKind, form.getFieldValue('account') as string);
  };

  return (
    <AccountCard title="找回密码" subtitle="验证绑定的手机号或邮箱后设置新密码">
      <Form<ForgotFields>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ type: 'phone' }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="account" label="账号" rules={[requiredRule(Msg.ACCOUNT_EMPTY)]}>
          <Input
            prefix={<UserOutlined />}
            placeholder="用户名 / 手机号 / 邮箱"
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <Form.Item name="type" label="验证码发送到">
          <Radio.Group optionType="button" buttonStyle="solid">
            <Radio.Button value="phone">绑定的手机</Radio.Button>
            <Radio.Button value="email">绑定的邮箱</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <ContactCodeFields flow={flow} onSend={() => void sendCode()} />
        {flow.sent ? <Alert type="info" showIcon title={Msg.RESET_CODE_SENT} className="form-alert" /> : null}
        <Form.Item name="password" label="新密码" rules={newPasswordRules} validateTrigger="onBlur">
          <Input.Password placeholder="8-64位，需包含字母和数字" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="repeat" label="确认新密码" dependencies={['password']} rules={[sameAs('password')]}>
          <Input.Password placeholder="再次输入新密码" autoComplete="new-password" />
        </Form.Item>
        {reset.isError ? (
          <Alert type="error" showIcon title={reset.error.message} className="form-alert" />
        ) : null}
        <PrimaryButton htmlType="submit" block loading={reset.isPending}>
          重置密码
        </PrimaryButton>
      </Form>
      <p className="account-card__switch">
        想起密码了？<Link to="/login">返回登录</Link>
      </p>
    </AccountCard>
  );
}
