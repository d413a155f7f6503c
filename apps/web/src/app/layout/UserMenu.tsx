import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import SkinOutlined from '@ant-design/icons/es/icons/SkinOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { AccountPage } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { platformQueries } from '../../api/platform-queries';
import { inAntdScope } from '../../components/antd-scope';
import { MenuPanel } from './MenuPanel';
import { useLogout } from './use-logout';

// The picker is a dialog few visits open; it loads with its own chunk on first use.
const SkinPicker = lazy(inAntdScope(() => import('../skins/SkinPicker')));

export function UserMenu() {
  const { data: user } = useQuery(platformQueries.user());
  const [picking, setPicking] = useState(false);
  const logout = useLogout();

  return (
    <>
      <MenuPanel
        label="用户菜单"
        trigger={
          <>
            <span className="user-menu__avatar">
              <UserOutlined />
            </span>
            <span className="user-menu__name">{user?.username ?? ''}</span>
            <DownOutlined className="user-menu__caret" />
          </>
        }
        items={[
          { key: 'centre', icon: <UserOutlined />, label: '账号中心', href: AccountPage.centre },
          { key: 'skin', icon: <SkinOutlined />, label: '换肤', onSelect: () => setPicking(true) },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: '退出登录',
            danger: true,
            separated: true,
            onSelect: () => {
              if (!logout.isPending) logout.mutate();
            },
          },
        ]}
      />
      {picking ? (
        <Suspense fallback={null}>
          <SkinPicker onClose={() => setPicking(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
