import { type ReactNode, useContext } from 'react';
import { AntdProvider } from './AppProviders';
import { SkinThemeContext } from './skin-theme';

export { antdCssReady } from './antd-css';

/**
 * The antd provider (theme, Chinese locale, toasts) of a page the portal loads lazily: every area,
 * the check screens, the share page, the skin picker. It comes in their chunks, not the shell's,
 * so the home page downloads no antd. A page holds one at a time.
 */
export function AntdScope({ children }: { children?: ReactNode }) {
  const theme = useContext(SkinThemeContext);
  return <AntdProvider theme={theme}>{children}</AntdProvider>;
}
