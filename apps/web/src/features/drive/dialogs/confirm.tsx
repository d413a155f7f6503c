import { ExclamationCircleFilled } from '@ant-design/icons';
import type { HookAPI } from 'antd/es/modal/useModal';
import { DriveText } from '../texts';

/**
 * The confirmations of spec 000 §4: deleting asks; permanent delete and emptying also warn that
 * it cannot be undone; restoring asks.
 */
export function confirmAction(
  modal: HookAPI,
  opts: { title: string; text: string; cannotUndo?: boolean; danger?: boolean },
): Promise<boolean> {
  return new Promise((resolve) => {
    void modal.confirm({
      title: opts.title,
      icon: <ExclamationCircleFilled />,
      content: (
        <>
          <p className="drive-confirm__text">{opts.text}</p>
          {opts.cannotUndo ? <p className="drive-confirm__warn">{DriveText.CANNOT_UNDO}</p> : null}
        </>
      ),
      okText: DriveText.OK,
      cancelText: DriveText.CANCEL,
      okButtonProps: { danger: opts.danger },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
