import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { DriveText } from '../texts';
import type { ConflictChoice } from '../types';

/** What the user answered: a choice for every conflicting item, or skip them. */
export type ConflictAnswer = ConflictChoice | 'skip';

/** Names listed in the dialog; the rest are counted. */
const SHOWN_NAMES = 5;

/**
 * Asks what to do with items whose names the target folder holds already, as Aliyun Drive and
 * Nextcloud do: replace (the one there goes to the bin), keep both ("name(1).ext") or skip. One
 * answer for all of them; closing the dialog skips.
 */
export function askNameConflict(modal: HookAPI, names: readonly string[]): Promise<ConflictAnswer> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (choice: ConflictAnswer) => {
      if (answered) return;
      answered = true;
      resolve(choice);
      dialog.destroy();
    };
    const dialog = modal.confirm({
      title: DriveText.conflictTitle(names.length),
      icon: <ExclamationCircleFilled />,
      className: 'drive-conflict',
      closable: true,
      content: (
        <>
          <ul className="drive-conflict__names">
            {names.slice(0, SHOWN_NAMES).map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          {names.length > SHOWN_NAMES ? <p>{DriveText.conflictMore(names.length)}</p> : null}
          <p className="drive-conflict__hint">{DriveText.CONFLICT_HINT}</p>
        </>
      ),
      footer: (
        <div className="drive-conflict__actions">
          <Button onClick={() => answer('skip')}>{DriveText.SKIP}</Button>
          <Button onClick={() => answer('auto_rename')}>{DriveText.KEEP_BOTH}</Button>
          <Button type="primary" onClick={() => answer('overwrite')}>
            {DriveText.REPLACE}
          </Button>
        </div>
      ),
      onCancel: () => answer('skip'),
    });
  });
}
