import './verify-dialog.css';
import { AccountPage, Msg, type VerifyInfo, type VerifyScope, VerifyType } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Result, Spin, Tabs, type TabsProps } from 'antd';
import type { ReactNode } from 'react';
import { api } from '../../api';
import { PrimaryButton } from '../PrimaryButton';
import { useCountdown } from '../use-countdown';
import { AuthenticatorForm } from './AuthenticatorForm';
import { ChannelForm } from './ChannelForm';
import { scopePaths } from './verify-paths';

interface Props {
  scope: VerifyScope;
  onClose(): void;
  onVerified(): void;
}

/** Tabs only for bound channels (the authenticator first when enrolled); with none, a way to bind one. */
export function VerifyDialog({ scope, onClose, onVerified }: Props) {
  const paths = scopePaths(scope);
  const info = useQuery({
    queryKey: ['verify-info', scope],
    queryFn: () => api.get<VerifyInfo>(paths.info, { netError: Msg.NET_BIND_INFO }),
    staleTime: 0,
  });
  // Countdowns live here so that switching tabs does not reset the wait of the other channel.
  const smsCountdown = useCountdown();
  const emailCountdown = useCountdown();

  let body: ReactNode;
  if (info.isPending) {
    body = <Spin className="verify-loading" />;
  } else if (info.isError) {
    body = (
      <Result
        status="warning"
        title={Msg.NET_BIND_INFO}
        extra={<Button onClick={() => void info.refetch()}>重试</Button>}
      />
    );
  } else {
    body = (
      <ChannelTabs
        info={info.data}
        paths={paths}
        countdowns={{ sms: smsCountdown, email: emailCountdown }}
        onVerified={onVerified}
      />
    );
  }

  return (
    <Modal
      open
      centered
      title="身份验证"
      width={460}
      footer={null}
      maskClosable={false}
      keyboard
      onCancel={onClose}
      className="verify-dialog"
    >
      {body}
    </Modal>
  );
}

interface ChannelTabsProps {
  info: VerifyInfo;
  paths: ReturnType<typeof scopePaths>;
  countdowns: { sms: ReturnType<typeof useCountdown>; email: ReturnType<typeof useCountdown> };
  onVerified(): void;
}

/** A tab per way the account can verify, or where to bind one when it has none. */
function ChannelTabs({ info, paths, countdowns, onVerified }: ChannelTabsProps) {
  const tabs: NonNullable<TabsProps['items']> = [];
  // An answer without `types` (an older server) has no authenticator.
  if (info.types?.includes(VerifyType.TOTP)) {
    tabs.push({
      key: 'totp',
      label: '身份验证器',
      children: <AuthenticatorForm paths={paths} onVerified={onVerified} />,
    });
  }
  const channels = [
    { key: 'sms', label: '短信验证', type: VerifyType.SMS, to: info.phone, countdown: countdowns.sms },
    { key: 'email', label: '邮箱验证', type: VerifyType.EMAIL, to: info.email, countdown: countdowns.email },
  ];
  for (const c of channels) {
    if (!c.to) continue;
    tabs.push({
      key: c.key,
      label: c.label,
      children: (
        <ChannelForm
          paths={paths}
          verifyType={c.type}
          destination={c.to}
          countdown={c.countdown}
          onVerified={onVerified}
        />
      ),
    });
  }
  if (tabs.length > 0) {
    // One captcha image per session: only the open tab may hold one, so hidden tabs unmount.
    return <Tabs items={tabs} destroyOnHidden centered />;
  }
  return (
    <Result
      status="info"
      className="verify-no-channel"
      title="暂无可用的验证方式"
      subTitle={Msg.NO_CHANNEL}
      extra={<PrimaryButton href={AccountPage.centre}>前往账号中心绑定</PrimaryButton>}
    />
  );
}
