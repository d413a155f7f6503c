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
import type { ComponentType } from 'react';

/** Icon and colour by extension (the drive's own set; features do not import each other). */
const KINDS: Array<{ ext: RegExp; Icon: ComponentType<{ className?: string }>; tone: string }> = [
  { ext: /^(jpe?g|png|gif|webp|bmp|heic|svg)$/, Icon: FileImageOutlined, tone: 'image' },
  { ext: /^(mp4|mov|avi|mkv|wmv|flv|3gp|webm)$/, Icon: VideoCameraOutlined, tone: 'video' },
  { ext: /^(mp3|wav|aac|flac|m4a|amr|ogg)$/, Icon: AudioOutlined, tone: 'audio' },
  { ext: /^(zip|rar|7z|tar|gz|bz2|xz)$/, Icon: FileZipOutlined, tone: 'archive' },
  { ext: /^pdf$/, Icon: FilePdfOutlined, tone: 'pdf' },
  { ext: /^docx?$/, Icon: FileWordOutlined, tone: 'doc' },
  { ext: /^(xlsx?|csv)$/, Icon: FileExcelOutlined, tone: 'sheet' },
  { ext: /^pptx?$/, Icon: FilePptOutlined, tone: 'slides' },
  { ext: /^(txt|md|log|json|xml|vcf)$/, Icon: FileTextOutlined, tone: 'doc' },
];

export function ShareIcon({ name, folder }: { name: string; folder: boolean }) {
  if (folder) return <FolderFilled className="share-icon share-icon--folder" />;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const kind = KINDS.find((k) => k.ext.test(ext));
  const Icon = kind?.Icon ?? FileOutlined;
  return <Icon className={`share-icon${kind ? ` share-icon--${kind.tone}` : ''}`} />;
}
