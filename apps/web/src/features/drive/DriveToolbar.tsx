import {
  CloudUploadOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  FolderAddOutlined,
  FolderOpenOutlined,
  RestOutlined,
  ShareAltOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { PrimaryButton } from '../../components/PrimaryButton';
import { DriveText } from './texts';

interface Props {
  hasSelection: boolean;
  onUpload(): void;
  /** A whole folder through the chooser (find/use-tree-upload.tsx). */
  onUploadFolder?(): void;
  onNewFolder(): void;
  onMove(): void;
  onDelete(): void;
  onDownload(): void;
  onRecycle(): void;
  /** 分享 the selection; 我的分享. */
  onShare?(): void;
  onMyShares?(): void;
  space: ReactNode;
}

/** Spec 000 §2: new folder, upload, move, delete, download, recycle bin; the space indicator at the end. */
export function DriveToolbar(p: Props) {
  return (
    <div className="drive-toolbar">
      <PrimaryButton icon={<CloudUploadOutlined />} onClick={p.onUpload}>
        {DriveText.UPLOAD}
      </PrimaryButton>
      {p.onUploadFolder ? (
        <Button icon={<FolderOpenOutlined />} onClick={p.onUploadFolder}>
          {DriveText.UPLOAD_FOLDER}
        </Button>
      ) : null}
      <Button icon={<FolderAddOutlined />} onClick={p.onNewFolder}>
        {DriveText.NEW_FOLDER}
      </Button>
      <span className="drive-toolbar__sep" />
      <Button icon={<DownloadOutlined />} disabled={!p.hasSelection} onClick={p.onDownload}>
        {DriveText.DOWNLOAD}
      </Button>
      {p.onShare ? (
        <Button icon={<ShareAltOutlined />} disabled={!p.hasSelection} onClick={p.onShare}>
          {DriveText.SHARE}
        </Button>
      ) : null}
      <Button icon={<DragOutlined />} disabled={!p.hasSelection} onClick={p.onMove}>
        {DriveText.MOVE_TO}
      </Button>
      <Button icon={<DeleteOutlined />} disabled={!p.hasSelection} onClick={p.onDelete}>
        {DriveText.DELETE}
      </Button>
      <span className="drive-toolbar__grow" />
      {p.onMyShares ? (
        <Button icon={<UnorderedListOutlined />} onClick={p.onMyShares}>
          {DriveText.MY_SHARES}
        </Button>
      ) : null}
      <Button icon={<RestOutlined />} onClick={p.onRecycle}>
        {DriveText.RECYCLE_BIN}
      </Button>
      {p.space}
    </div>
  );
}
