import { NoteMsg } from '@phonecloud/shared';
import { confirm } from '../../components/confirm';
import { T } from './texts';

/** The question before a note (or, with its title, a board) goes; `onOk` runs on 确定. */
export function confirmDelete(onOk: () => unknown, title: string = NoteMsg.DELETE_CONFIRM): void {
  confirm({ title, okText: T.confirm, cancelText: T.cancel, onOk });
}
