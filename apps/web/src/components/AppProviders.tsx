import { QueryClientProvider } from '@tanstack/react-query';
import 'virtual:antd.css';
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
  return (
    <QueryProvider>
      <AntdProvider theme={theme}>{children}</AntdProvider>
    </QueryProvider>
  );
}

/**
 * The query cache, on its own for the portal: its skin is read through a query, and the skin's
 * colours must reach the one antd provider below it (see AntdProvider).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * Chinese antd with the page's theme, and the toasts' holder. A page has exactly one: each
 * ConfigProvider with a theme makes antd derive its whole token set again (and write another set
 * of token variables), which was a fifth of the portal's first render when the skin had its own.
 */
export function AntdProvider({ theme, children }: Props) {
  // Pop-ups, menus and messages stop animating for a user who asked for less motion.
  const reduced = useReducedMotion();
  // zeroRuntime: the components' styles come from the static file above (build/antd-css.ts),
  // not built in the browser at first render; only the theme's token variables are set here.
  const withMotion = useMemo<ThemeConfig>(
    () => ({ ...theme, zeroRuntime: true, token: { ...theme?.token, motion: !reduced } }),
    [theme, reduced],
  );
  return (
    <ConfigProvider locale={zhCN} theme={withMotion} button={{ autoInsertSpace: false }}>
      <ToastBridge />
      {children}
    </ConfigProvider>
  );
}
