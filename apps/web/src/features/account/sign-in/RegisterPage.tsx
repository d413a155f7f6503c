import { Api, LegalPage, Msg } from '@phonecloud/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Input, Radio } from 'antd';
import { Link } from 'react-router-dom';
import { api } from '../../../api';
import { PrimaryButton } from '../../../components/PrimaryButton';
import type { ContactKind } from '../account-paths';
import { AccountCard } from '../centre/AccountCard';
import { ContactCodeFields } from '../codes/ContactCodeFields';
import { contactError, KIND_LABEL } from '../codes/contact-kind';
import { newPasswordRules, sameAs, usernameRules } from '../codes/form-rules';
import { useContactCode } from '../codes/use-contact-code';
import { goAfterSignIn, PORTAL_HOME } from './redirect';

interface RegisterFields {
  username: string;
  password: string;
  repeat: string;
  type: ContactKind;
  target: string;
  agree: boolean;
}

export function RegisterPage() {
  const [form] = Form.useForm<RegisterFields>();
  const kind = Form.useWatch('type', form) ?? 'phone';
  const flow = useContactCode('register');
  const register = useMutation({
    mutationFn: (fields: RegisterFields & { code: string }) =>
      api.post(Api.accountRegister, {
        username: fields.username.trim(),
        password: fields.password,
        type: fields.type,
        target: fields.target.trim(),
        code: fields.code,
      }),
    onSuccess: () => goAfterSignIn(PORTAL_HOME),
    meta: { silent: true },
  });

  const submit = (fields: RegisterFields) => {
    const code = flow.code.trim();
    if (!code) {
      flow.showCodeError(Msg.CODE_EMPTY);
      return;
    }
    register.mutate({ ...fields, code });
  };

  const sendCode = async () => {
    try {
      await form.validateFields(['target']);
    } catch {
      return;
    }
    void flow.send(kind, form.getFieldValue('target') as string);
  };

  return (
    <AccountCard title="注册账号" subtitle="注册后即可在网页上管理手机同步的数据">
      <Form<RegisterFields>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ type: 'phone', agree: false }}
        onFinish={submit}
      >
        <Form.Item name="username" label="用户名" rules={usernameRules} validateTrigger="onBlur">
          <Input placeholder="字母开头，3-20位字母、数字或下划线" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={newPasswordRules} validateTrigger="onBlur">
          <Input.Password placeholder="8-64位，需包含字母和数字" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="repeat" label="确认密码" dependencies={['password']} rules={[sameAs('password')]}>
          <Input.Password placeholder="再次输入密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="type" label="验证方式">
          <Radio.Group optionType="button" buttonStyle="solid">
            <Radio.Button value="phone">手机号</Radio.Button>
            <Radio.Button value="email">邮箱</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="target"
          label={KIND_LABEL[kind]}
          rules={[
            {
              validator: (_rule, value: unknown) => {
                const error = contactError(kind, typeof value === 'string' ? value : '');
                return error ? Promise.reject(new Error(error)) : Promise.resolve();
              },
            },
          ]}
          validateTrigger="onBlur"
        >
          <Input
            placeholder={kind === 'phone' ? '请输入手机号' : '请输入邮箱地址'}
            autoComplete={kind === 'phone' ? 'tel' : 'email'}
            inputMode={kind === 'phone' ? 'tel' : 'email'}
          />
        </Form.Item>
        <ContactCodeFields flow={flow} onSend={() => void sendCode()} />
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: (_rule, value: unknown) =>
                value === true ? Promise.resolve() : Promise.reject(new Error(Msg.AGREEMENT_REQUIRED)),
            },
          ]}
        >
          <Checkbox>
            我已阅读并同意
            <a href={LegalPage.agreement} target="_blank" rel="noopener">
              《用户协议》
            </a>
            和
            <a href={LegalPage.privacy} target="_blank" rel="noopener">
              《隐私政策》
            </a>
          </Checkbox>
        </Form.Item>
        {register.isError ? (
          <Alert type="error" showIcon title={register.error.message} className="form-alert" />
        ) : null}
        <PrimaryButton htmlType="submit" block loading={register.isPending || register.isSuccess}>
          注册
        </PrimaryButton>
      </Form>
      <p className="account-card__switch">
        已有账号？<Link to="/login">直接登录</Link>
      </p>
    </AccountCard>
  );
}
