import { AccountPage, type AccountSession, Api } from '@phonecloud/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Tag } from 'antd';
import { api, forgetAllVerified } from '../../../api';
import { goAfterSignIn } from '../sign-in/redirect';
import { when } from './when';

const sessionsKey = ['account', 'sessions'] as const;

/** The account's signed-in sessions: where and when, this one marked; end one or all others. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: sessionsKey,
    queryFn: () => api.get<{ list: AccountSession[] }>(Api.accountSessions),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
  const end = useMutation({
    mutationFn: (s: AccountSession) => api.post(Api.accountSessionEnd, { id: s.id }),
    onSuccess: (_data, s) => {
      if (!s.current) return refresh();
      // Ending this very session is signing out here.
      forgetAllVerified();
      goAfterSignIn(AccountPage.login);
    },
  });
  const endOthers = useMutation({
    mutationFn: () => api.post(Api.accountSessionEndOthers),
    onSuccess: refresh,
  });
  const list = sessions.data?.list;
  return (
    <section className="centre-section">
      <h2 className="centre-section__title">登录设备</h2>
      <p className="centre-section__hint">
        不认识的登录请立即退出，并修改密码。30 天未使用或登录满 90 天的会话会自动失效。
      </p>
      {list ? (
        <>
          <ul className="centre-rows" aria-label="登录设备">
            {list.map((s) => (
              <li key={s.id} className="centre-row session-row">
                <span className="session-row__main">
                  <span className="session-row__device">
                    {s.device}
                    {s.current ? <Tag color="blue">本机</Tag> : null}
                  </span>
                  <span className="session-row__meta">
                    {s.ip} · 最近使用 {when(s.last_seen_at)} · 登录于 {when(s.created_at)}
                  </span>
                </span>
                <Button
                  loading={end.isPending && end.variables?.id === s.id}
                  onClick={() => end.mutate(s)}
                  aria-label={`退出 ${s.device}${s.current ? '（本机）' : ''}`}
                >
                  退出
                </Button>
              </li>
            ))}
          </ul>
          {list.length > 1 ? (
            <Button
              danger
              className="sessions-end-others"
              loading={endOthers.isPending}
              onClick={() => endOthers.mutate()}
            >
              退出其他所有设备
            </Button>
          ) : null}
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </section>
  );
}
