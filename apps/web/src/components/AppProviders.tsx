import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { QueryProvider } from './QueryProvider';
import { ToastBridge } from './ToastBridge';
import { useReducedMotion } from './use-reduced-motion';

interface Props {
  theme?: ThemeConfig;
  children: ReactNode;
}

/**
 * The account pages' providers: Chinese antd, the query cache, toasts. The portal holds antd in
 * the scope its lazily loaded pages stand in (AntdScope), so its home page loads none of it.
 */
export function AppProviders({ theme, children }: Props) {
  return (
    <QueryProvider>
      <AntdProvider theme={theme}>{children}</AntdProvider>
    </QueryProvider>
  );
}

/**
 * Chinese antd with the page's theme, and the toasts' holder. A page has exactly one: each
 * ConfigProvider with a theme makes antd derive its whole token set again (and write another set
 * of token variables), which was a fifth of the portal's first render when the skin had its own.
 */
export function AntdProvider({ theme, children }: Props) {
  // Pop-ups, menus and messages stop animating for a user who asked for less motion, and a click
  // sends no ripple: antd's wave ignores the motion token and fades for two seconds.
  const reduced = useReducedMotion();
  // zeroRuntime: the components' styles come from a static file (build/antd-css.ts),
  // not built in the browser at first render; only the theme's token variables are set here.
  const withMotion = useMemo<ThemeConfig>(
    () => ({ ...theme, zeroRuntime: true, token: { ...theme?.token, motion: !reduced } }),
    [theme, reduced],
  );
  const wave = useMemo(() => ({ disabled: reduced }), [reduced]);
  return (
    <ConfigProvider locale={zhCN} theme={withMotion} wave={wave} button={{ autoInsertSpace: false }}>
      <ToastBridge />
      {children}
    </ConfigProvider>
  );
}
