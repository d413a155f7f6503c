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

/** Icon and colour by extension, so a long list can be scanned by kind at a glance. */
const KINDS: Array<{ ext: RegExp; Icon: ComponentType<{ className?: string }>; tone: string }> = [
  { ext: /^(jpe?g|png|gif|webp|bmp|heic|svg)$/, Icon: FileImageOutlined, tone: 'image' },
  { ext: /^(mp4|mov|avi|mkv|wmv|flv|3gp|webm)$/, Icon: VideoCameraOutlined, tone: 'video' },
  { ext: /^(mp3|wav|aac|flac|m4a|amr|ogg)$/, Icon: AudioOutlined, tone: 'audio' },
  { ext: /^(zip|rar|7z|tar|gz|bz2|xz)$/, Icon: FileZipOutlined, tone: 'archive' },
  { ext: /^pdf$/, Icon: FilePdfOutlined, tone: 'pdf' },
  { ext: /^docx?$/, Icon: FileWordOutlined, tone: 'word' },
  { ext: /^(xlsx?|csv)$/, Icon: FileExcelOutlined, tone: 'excel' },
  { ext: /^pptx?$/, Icon: FilePptOutlined, tone: 'ppt' },
  { ext: /^(txt|md|log|json|xml|vcf)$/, Icon: FileTextOutlined, tone: 'text' },
];

/**
 * A file's or folder's icon, classed `<prefix>`, `<prefix>--folder` or `<prefix>--<tone>` (image,
 * video, audio, archive, pdf, word, excel, ppt, text) so each area colours it in its own look.
 */
export function FileKindIcon({ name, folder, prefix }: { name: string; folder: boolean; prefix: string }) {
  if (folder) return <FolderFilled className={`${prefix} ${prefix}--folder`} />;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const kind = KINDS.find((k) => k.ext.test(ext));
  const Icon = kind?.Icon ?? FileOutlined;
  return <Icon className={`${prefix}${kind ? ` ${prefix}--${kind.tone}` : ''}`} />;
}
