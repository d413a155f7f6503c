import { message } from 'antd';
import { useEffect } from 'react';
import { registerToastApi } from './toast';

/**
 * Holds antd's message API for the antd scope it stands in. It is used instead of antd's <App>,
 * which would also bring the modal and notification machinery into every page for toasts alone.
 */
export function ToastBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => registerToastApi(api), [api]);
  return holder;
}
