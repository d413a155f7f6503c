import { Api, Msg } from '@phonecloud/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input } from 'antd';
import { api } from '../../../api';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { toast } from '../../../components/toast';
import { newPasswordRules, sameAs } from '../codes/form-rules';

interface PasswordFields {
  old_password: string;
  password: string;
  repeat: string;
}

export function PasswordCard() {
  const [form] = Form.useForm<PasswordFields>();
  const change = useMutation({
    mutationFn: (fields: PasswordFields) =>
      api.post(Api.accountPassword, { old_password: fields.old_password, password: fields.password }),
    onSuccess: () => {
      toast.success(Msg.PASSWORD_CHANGED);
      form.resetFields();
    },
    meta: { silent: true },
  });
  return (
    <section className="centre-section">
      <h2 className="centre-section__title">修改密码</h2>
      <p className="centre-section__hint">修改后，其他设备上的登录会失效。</p>
      <Form<PasswordFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        className="password-form"
        onFinish={(v) => change.mutate(v)}
      >
        <Form.Item
          name="old_password"
          label="原密码"
          rules={[{ required: true, message: Msg.PASSWORD_EMPTY }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label="新密码" rules={newPasswordRules} validateTrigger="onBlur">
          <Input.Password autoComplete="new-password" placeholder="8-64位，需包含字母和数字" />
        </Form.Item>
        <Form.Item name="repeat" label="确认新密码" dependencies={['password']} rules={[sameAs('password')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {change.isError ? (
          <Alert type="error" showIcon title={change.error.message} className="form-alert" />
        ) : null}
        <PrimaryButton htmlType="submit" loading={change.isPending}>
          修改密码
        </PrimaryButton>
      </Form>
    </section>
  );
}
