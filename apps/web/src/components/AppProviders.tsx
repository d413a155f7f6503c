import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useMemo, useState } from 'react';
import { createQueryClient } from './query-client';
import { ToastBridge } from './ToastBridge';
import { useReducedMotion } from './use-reduced-motion';

interface Props {
  theme?: ThemeConfig;
  children: ReactNode;
}

/** What every page of both entries stands in: Chinese antd, the query cache, toasts. */
export function AppProviders({ theme, children }: Props) {
  const [queryClient] = useState(createQueryClient);
  // Pop-ups, menus and messages stop animating for a user who asked for less motion.
  const reduced = useReducedMotion();
  const withMotion = useMemo<ThemeConfig>(
    () => ({ ...theme, token: { ...theme?.token, motion: !reduced } }),
    [theme, reduced],
  );
  return (
    <ConfigProvider locale={zhCN} theme={withMotion} button={{ autoInsertSpace: false }}>
      <ToastBridge />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
