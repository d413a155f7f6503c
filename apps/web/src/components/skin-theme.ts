import type { ThemeConfig } from 'antd';
import { createContext } from 'react';

/**
 * The skin's antd theme, handed from the portal's SkinProvider to whichever antd scope a page
 * stands in (AntdScope): the shell itself loads no antd, so the theme travels as plain data.
 */
export const SkinThemeContext = createContext<ThemeConfig | undefined>(undefined);
