import { SUCCESS_TIP_MS } from '@phonecloud/shared';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from anywhere (the query cache's error handler too) go through the message API of the
 * antd scope on the page (`ToastBridge` registers it), so they follow the theme. The portal's
 * home page has no antd scope: a toast asked for there waits while `ToastHost` loads one.
 */
const apis: MessageInstance[] = [];
let waiting: ((api: MessageInstance) => void)[] = [];
let hostWanted: (() => void) | null = null;

/** Plugs in a message API; answers the function that takes it out again. */
export function registerToastApi(instance: MessageInstance): () => void {
  apis.push(instance);
  const shown = waiting;
  waiting = [];
  for (const show of shown) show(instance);
  return () => {
    const at = apis.lastIndexOf(instance);
    if (at >= 0) apis.splice(at, 1);
  };
}

/** Called by the page's `ToastHost`: how a toast asks for an antd scope when none is mounted. */
export function onToastHostWanted(want: (() => void) | null): void {
  hostWanted = want;
  if (want && waiting.length > 0) want();
}

function show(use: (api: MessageInstance) => void) {
  const api = apis.at(-1);
  if (api) return use(api);
  waiting.push(use);
  hostWanted?.();
}

// antd counts a message's duration in seconds; the spec's shared rule says a success tip shows
// 1 s (spec 000 §9), where antd would keep it 3 s. Errors keep antd's default: they must be read.
const SUCCESS_TIP_SECONDS = SUCCESS_TIP_MS / 1000;

export const toast = {
  error(text: string) {
    show((api) => void api.error(text));
  },
  success(text: string) {
    show((api) => void api.success(text, SUCCESS_TIP_SECONDS));
  },
  info(text: string) {
    show((api) => void api.info(text));
  },
};

/** Test aid: forgets every registered API and waiting toast. */
export function resetToasts(): void {
  apis.length = 0;
  waiting = [];
  hostWanted = null;
}
