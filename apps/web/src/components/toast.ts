import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from outside React (the query cache's error handler) go through the message API of
 * antd's <App>, so they follow the theme; `ToastBridge` plugs it in.
 */
let messageApi: MessageInstance | null = null;

export function setToastApi(instance: MessageInstance | null): void {
  messageApi = instance;
}

export const toast = {
  error(text: string) {
    void messageApi?.error(text);
  },
  success(text: string) {
    void messageApi?.success(text);
  },
};
