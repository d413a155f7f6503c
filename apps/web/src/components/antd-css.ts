import antdCssUrl from 'virtual:antd.css?url';
import { placeAfterShellStyles } from './style-order';

/**
 * antd's static stylesheet (build/antd-css.ts), fetched with the first page that uses antd and
 * placed where the cascade expects it. Resolved when it has loaded (or failed: the page is drawn
 * anyway rather than never), so no component is drawn before its styles.
 */
export const antdCssReady: Promise<void> = new Promise((resolve) => {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = antdCssUrl;
  // As the page's preload of it asked (build/area-preload.ts): a preload in another mode is not used.
  link.crossOrigin = '';
  link.onload = () => resolve();
  link.onerror = () => resolve();
  placeAfterShellStyles(link);
});
