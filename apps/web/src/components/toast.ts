import { SUCCESS_TIP_MS } from '@phonecloud/shared';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from outside React (the query cache's error handler) go through the message API of
 * antd's <App>, so they follow the theme; `ToastBridge` plugs it in.
 */
let messageApi: MessageInstance | null = null;

export function setToastApi(instance: MessageInstance | null): void {
  messageApi = instance;
}

// antd counts a message's duration in seconds; the spec's shared rule says a success tip shows
// 1 s (spec 000 §9), where antd would keep it 3 s. Errors keep antd's default: they must be read.
const SUCCESS_TIP_SECONDS = SUCCESS_TIP_MS / 1000;

export const toast = {
  error(text: string) {
    void messageApi?.error(text);
  },
  success(text: string) {
    void messageApi?.success(text, SUCCESS_TIP_SECONDS);
  },
  info(text: string) {
    void messageApi?.info(text);
  },
};
