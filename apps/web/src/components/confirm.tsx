import { Modal, type ModalFuncProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useEffect } from 'react';

let modalApi: HookAPI | null = null;

/**
 * Holds a context-aware modal API for the area it is mounted in (one at a time), so that a
 * confirm asked from outside a component (a drag's end, a menu) follows the page's provider: the
 * skin's primary colour and 确定 without antd's inserted space. The static `Modal.confirm`
 * renders outside every provider. Mounted by the areas that ask, not by the app: the home page
 * needs no modal machinery.
 */
export function ConfirmHolder() {
  const [api, holder] = Modal.useModal();
  useEffect(() => {
    modalApi = api;
    return () => {
      if (modalApi === api) modalApi = null;
    };
  }, [api]);
  return holder;
}

/** A confirm dialog through the mounted holder (the static one when none is mounted). */
export function confirm(config: ModalFuncProps): void {
  if (modalApi) void modalApi.confirm(config);
  else Modal.confirm(config);
}
