import { KeyOutlined } from '@ant-design/icons';
import {
  APP_PASSWORD_NAME_MAX,
  AppPasswordApi,
  type AppPasswordCreated,
  type AppPasswordItem,
  AppPasswordMsg,
} from '@phonecloud/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { api } from '../../../api';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { toast } from '../../../components/toast';
import { useFreshVerification } from '../codes/use-fresh-verification';
import { when } from './when';
import './app-passwords.css';

const listKey = ['account', 'app-passwords'] as const;

/**
 * App passwords of DAV clients (WebDAV drive, CardDAV contacts, CalDAV calendar), which cannot
 * pass the second verification: create one per client (the secret is shown once, with a copy
 * button), see when each was last used and from where, revoke one by one.
 */
export function AppPasswordsCard() {
  const queryClient = useQueryClient();
  const fresh = useFreshVerification();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [created, setCreated] = useState<AppPasswordCreated | null>(null);
  const [revoking, setRevoking] = useState<AppPasswordItem | null>(null);
  const items = useQuery({
    queryKey: listKey,
    queryFn: () => api.get<{ list: AppPasswordItem[] }>(AppPasswordApi.list),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });

  const create = useMutation({
    mutationFn: (value: string) => api.post<AppPasswordCreated>(AppPasswordApi.create, { name: value }),
    onSuccess: (data) => {
      setCreated(data);
      setName('');
      void refresh();
    },
    onError: (error, value) => fresh.needsVerification(error, () => create.mutate(value)),
    meta: { silent: true },
  });
  const revoke = useMutation({
    mutationFn: (item: AppPasswordItem) => api.post(AppPasswordApi.revoke, { id: item.id }),
    onSuccess: () => {
      setRevoking(null);
      toast.success(AppPasswordMsg.REVOKED);
      void refresh();
    },
    onError: (error, item) => {
      if (fresh.needsVerification(error, () => revoke.mutate(item))) setRevoking(null);
    },
    meta: { silent: true },
  });
  const failure = [create, revoke].find((m) => m.isError && !fresh.dialog)?.error;

  const submit = () => {
    const value = name.trim();
    if (!value) return setNameError(AppPasswordMsg.NAME_EMPTY);
    if ([...value].length > APP_PASSWORD_NAME_MAX) return setNameError(AppPasswordMsg.NAME_TOO_LONG);
    setNameError('');
    create.mutate(value);
  };

  return (
    <section className="centre-section app-passwords">
      <h2 className="centre-section__title">应用密码</h2>
      <p className="centre-section__hint">
        网盘的 WebDAV、通讯录的 CardDAV 和日程的 CalDAV 客户端（如
        DAVx5、rclone、资源管理器、访达）无法完成安全验证：
        请为每个客户端创建一个应用密码，在客户端中填写账号名和应用密码。应用密码不能登录网页；修改登录密码后，全部应用密码失效。
      </p>
      <form
        className="app-passwords__form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Input
          value={name}
          maxLength={APP_PASSWORD_NAME_MAX + 10}
          placeholder="名称，如：DAVx5 手机"
          aria-label="应用密码名称"
          status={nameError ? 'error' : undefined}
          onChange={(e) => {
            setName(e.target.value);
            if (nameError) setNameError('');
          }}
        />
        <PrimaryButton htmlType="submit" loading={create.isPending}>
          创建应用密码
        </PrimaryButton>
      </form>
      {nameError ? (
        <div className="app-passwords__error" role="alert">
          {nameError}
        </div>
      ) : null}
      {failure ? <Alert type="error" showIcon title={failure.message} className="form-alert" /> : null}
      <PasswordList list={items.data?.list} onRevoke={setRevoking} />
      {created ? <CreatedModal created={created} onDone={() => setCreated(null)} /> : null}
      <RevokeModal
        item={revoking}
        busy={revoke.isPending}
        onOk={(item) => revoke.mutate(item)}
        onCancel={() => setRevoking(null)}
      />
      {fresh.dialog}
    </section>
  );
}

/** The app passwords with when and from where each was last used, each with its revoke button. */
function PasswordList({
  list,
  onRevoke,
}: {
  list: AppPasswordItem[] | undefined;
  onRevoke(item: AppPasswordItem): void;
}) {
  if (!list) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (list.length === 0) return <p className="app-passwords__empty">还没有应用密码</p>;
  return (
    <ul className="centre-rows" aria-label="应用密码">
      {list.map((item) => (
        <li key={item.id} className="centre-row app-password-row">
          <span className="centre-row__icon">
            <KeyOutlined />
          </span>
          <span className="app-password-row__main">
            <span className="app-password-row__name">{item.name}</span>
            <span className="app-password-row__meta">
              创建于 {when(item.created_at)} ·{' '}
              {item.last_used_at
                ? `最近使用 ${when(item.last_used_at)}（${[item.last_ip, item.last_client].filter(Boolean).join(' · ')}）`
                : '从未使用'}
            </span>
          </span>
          <Button danger onClick={() => onRevoke(item)} aria-label={`撤销 ${item.name}`}>
            撤销
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Asks before an app password is revoked: its client then has to be set up again. */
function RevokeModal(props: {
  item: AppPasswordItem | null;
  busy: boolean;
  onOk(item: AppPasswordItem): void;
  onCancel(): void;
}) {
  const { item, busy, onOk, onCancel } = props;
  return (
    <Modal
      open={item !== null}
      title="撤销应用密码"
      okText="撤销"
      okButtonProps={{ danger: true, loading: busy }}
      cancelText="取消"
      onOk={() => item && onOk(item)}
      onCancel={onCancel}
    >
      <p>撤销“{item?.name}”后，使用它的客户端将无法再连接，需要新建应用密码重新设置。</p>
    </Modal>
  );
}

/** The new secret, this one time: copy it into the client now. */
function CreatedModal({ created, onDone }: { created: AppPasswordCreated; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard
      ?.writeText(created.password)
      .then(() => {
        setCopied(true);
        toast.success('已复制');
      })
      .catch(() => toast.error('复制失败，请手动抄写'));
  return (
    <Modal open title="应用密码已创建" width={480} footer={null} maskClosable={false} closable={false}>
      <Alert
        type="warning"
        showIcon
        className="form-alert"
        title="应用密码只显示这一次"
        description={`请现在把它填入“${created.item.name}”的客户端（用户名填写账号名、手机号或邮箱）。关闭后无法再次查看，忘记了可以撤销后重新创建。`}
      />
      <code className="app-passwords__secret" data-testid="app-password-secret">
        {created.password}
      </code>
      <div className="app-passwords__actions">
        <Button onClick={copy}>{copied ? '已复制' : '复制'}</Button>
        <PrimaryButton onClick={onDone}>完成</PrimaryButton>
      </div>
    </Modal>
  );
}
