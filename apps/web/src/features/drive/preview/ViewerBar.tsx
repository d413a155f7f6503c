import {
  CloseOutlined,
  DownloadOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { FileIcon } from '../listing/FileIcon';
import type { DriveItem } from '../types';
import { PreviewText } from './texts';
import type { Viewer } from './use-viewer';

/** The viewer's top bar: the name, the position among the images, a picture's tools, download, close. */
export function ViewerBar({
  viewer,
  onDownload,
  onClose,
}: {
  viewer: Viewer;
  onDownload(item: DriveItem): void;
  onClose(): void;
}) {
  const { item, kind, set, index, zoom } = viewer;
  return (
    <header className="drive-preview__bar">
      <FileIcon name={item.name} folder={false} />
      <span className="drive-preview__name" title={item.name} data-testid="drive-preview-name">
        {item.name}
      </span>
      {kind === 'image' && set.length > 1 ? (
        <span className="drive-preview__pos" data-testid="drive-preview-position">
          {PreviewText.position(index + 1, set.length)}
        </span>
      ) : null}
      <span className="drive-preview__grow" />
      {kind === 'image' ? (
        <span className="drive-preview__tools">
          {tool(PreviewText.ZOOM_OUT, <ZoomOutOutlined />, () => viewer.zoomBy(-1), 'drive-preview-zoom-out')}
          <span className="drive-preview__zoom" data-testid="drive-preview-zoom">
            {PreviewText.zoom(zoom)}
          </span>
          {tool(PreviewText.ZOOM_IN, <ZoomInOutlined />, () => viewer.zoomBy(1), 'drive-preview-zoom-in')}
          {tool(PreviewText.ROTATE, <RotateLeftOutlined />, () => viewer.turnBy(-1), undefined)}
          {tool(PreviewText.ROTATE, <RotateRightOutlined />, () => viewer.turnBy(1), 'drive-preview-rotate')}
        </span>
      ) : null}
      {tool(PreviewText.DOWNLOAD, <DownloadOutlined />, () => onDownload(item), 'drive-preview-download')}
      {tool(PreviewText.CLOSE, <CloseOutlined />, onClose, 'drive-preview-close')}
    </header>
  );
}

function tool(label: string, icon: ReactNode, onClick: () => void, testid?: string) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type="text"
        className="drive-preview__tool"
        icon={icon}
        aria-label={label}
        data-testid={testid}
        onClick={onClick}
      />
    </Tooltip>
  );
}
