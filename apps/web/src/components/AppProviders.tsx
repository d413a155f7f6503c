import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from './query-client';
import { ToastBridge } from './ToastBridge';

interface Props {
  theme?: ThemeConfig;
  children: ReactNode;
}

/** What every page of both entries stands in: Chinese antd, the query cache, toasts. */
export function AppProviders({ theme, children }: Props) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <ToastBridge />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
