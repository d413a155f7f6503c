import { message } from 'antd';
import { useEffect } from 'react';
import { setToastApi } from './toast';

/**
 * Holds antd's message API for the whole page. It is used instead of antd's <App>, which would
 * also bring the modal and notification machinery into every page for toasts alone.
 */
export function ToastBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setToastApi(api);
    return () => setToastApi(null);
  }, [api]);
  return holder;
}
