import { MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { AccountPage, Api, maskEmail, maskPhone } from '@phonecloud/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { api, forgetAllVerified } from '../../../api';
import type { ContactKind } from '../account-paths';
import { KIND_LABEL } from '../codes/contact-kind';
import { goAfterSignIn, PORTAL_HOME } from '../sign-in/redirect';
import { TotpCard } from '../totp/TotpCard';
import { AccountCard } from './AccountCard';
import { AppPasswordsCard } from './AppPasswordsCard';
import { BindModal } from './BindModal';
import { DeleteAccountCard } from './DeleteAccountCard';
import { PasswordCard } from './PasswordCard';
import { profileQuery } from './profile-query';
import { SessionsCard } from './SessionsCard';
import { TakeoutCard } from './TakeoutCard';

export function CentrePage() {
  const profile = useQuery(profileQuery());
  const [binding, setBinding] = useState<ContactKind | null>(null);
  const logout = useMutation({
    mutationFn: () => api.get(Api.accountLogout),
    onSuccess: () => {
      forgetAllVerified();
      goAfterSignIn(AccountPage.login);
    },
  });
  const p = profile.data;

  return (
    <AccountCard title="账号中心" subtitle="管理登录信息，以及用于安全验证的手机号、邮箱和身份验证器" wide>
      {p ? (
        <>
          <section className="centre-section">
            <h2 className="centre-section__title">账号信息</h2>
            <ul className="centre-rows">
              <Row icon={<UserOutlined />} label="用户名" value={p.username} />
              <Row
                icon={<MobileOutlined />}
                label={KIND_LABEL.phone}
                value={p.phone ? maskPhone(p.phone) : ''}
                action={<Button onClick={() => setBinding('phone')}>{p.phone ? '更换' : '绑定'}</Button>}
              />
              <Row
                icon={<MailOutlined />}
                label={KIND_LABEL.email}
                value={p.email ? maskEmail(p.email) : ''}
                action={<Button onClick={() => setBinding('email')}>{p.email ? '更换' : '绑定'}</Button>}
              />
            </ul>
          </section>
          <PasswordCard />
          <TotpCard />
          <AppPasswordsCard />
          <SessionsCard />
          <TakeoutCard />
          <DeleteAccountCard />
          <div className="centre-actions">
            <Button href={PORTAL_HOME} type="link">
              返回首页
            </Button>
            <Button danger loading={logout.isPending} onClick={() => logout.mutate()}>
              退出登录
            </Button>
          </div>
          {binding ? (
            <BindModal
              kind={binding}
              current={binding === 'phone' ? maskPhone(p.phone) : maskEmail(p.email)}
              onClose={() => setBinding(null)}
            />
          ) : null}
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </AccountCard>
  );
}

function Row({
  icon,
  label,
  value,
  action,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  action?: ReactNode;
}) {
  return (
    <li className="centre-row">
      <span className="centre-row__icon">{icon}</span>
      <span className="centre-row__label">{label}</span>
      <span className={`centre-row__value${value ? '' : ' is-empty'}`}>{value || '未绑定'}</span>
      {action ?? null}
    </li>
  );
}
