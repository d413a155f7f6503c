import {
  AudioOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  FolderFilled,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { type FileKind, fileKindOf } from '@phonecloud/shared';
import type { ComponentType } from 'react';

/** Icon by kind (the shared file-type table's), so a long list can be scanned by kind at a glance. */
const ICONS: Record<FileKind, ComponentType<{ className?: string }>> = {
  image: FileImageOutlined,
  video: VideoCameraOutlined,
  audio: AudioOutlined,
  archive: FileZipOutlined,
  pdf: FilePdfOutlined,
  word: FileWordOutlined,
  excel: FileExcelOutlined,
  ppt: FilePptOutlined,
  text: FileTextOutlined,
};

/**
 * A file's or folder's icon, classed `<prefix>`, `<prefix>--folder` or `<prefix>--<tone>` (image,
 * video, audio, archive, pdf, word, excel, ppt, text) so each area colours it in its own look.
 */
export function FileKindIcon({ name, folder, prefix }: { name: string; folder: boolean; prefix: string }) {
  if (folder) return <FolderFilled className={`${prefix} ${prefix}--folder`} />;
  const kind = fileKindOf(name);
  const Icon = kind ? ICONS[kind] : FileOutlined;
  return <Icon className={`${prefix}${kind ? ` ${prefix}--${kind}` : ''}`} />;
}
