import { extensionOf } from '../file-name.js';

/**
 * Preview and thumbnails of drive files (issue 16, "Preview"): which files can be looked at in the
 * page and how, the thumbnail sizes, and the paths. The server and both web faces import these.
 * The types come from the one file-type table (`file-types.ts`); the lists here say which of
 * those a browser shows itself.
 */

/** How the viewer shows a file. */
export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text' | 'none';

/** Thumbnail sizes, px of the longer side: `thumbnail` / `thumbs.url1` and `thumbnail_large` / `thumbs.url2`. */
export const THUMB_SMALL_PX = 256;
export const THUMB_LARGE_PX = 1024;
export const THUMB_SIZES = [THUMB_SMALL_PX, THUMB_LARGE_PX] as const;
export type ThumbSize = (typeof THUMB_SIZES)[number];

/** Text previews show the first this many bytes of the file. */
export const PREVIEW_TEXT_MAX_BYTES = 1024 * 1024;

/** Images the server makes thumbnails of (HEIC through libheif where the image library cannot). */
export const THUMB_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'heic',
  'heif',
  'bmp',
  'tif',
  'tiff',
  'avif',
] as const;
/** Images a browser shows as they are; the others (heic) are shown by their large thumbnail. */
export const BROWSER_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'avif'] as const;

/** Video and audio a browser plays in the page (avi, wmv and the like are downloaded instead). */
export const VIDEO_EXTENSIONS: readonly string[] = ['mp4', 'webm', 'mov', 'm4v', 'ogv', 'mkv', '3gp'];
export const AUDIO_EXTENSIONS: readonly string[] = [
  'mp3',
  'wav',
  'm4a',
  'aac',
  'flac',
  'ogg',
  'oga',
  'opus',
  'amr',
];
/**
 * Shown as text (first 1 MB, encoding detected): plain text, Markdown, JSON, CSV, code, and the
 * markup that must never run in the portal's origin (html, svg, xml are shown as their source).
 */
export const TEXT_EXTENSIONS: readonly string[] = [
  'txt',
  'text',
  'log',
  'md',
  'markdown',
  'json',
  'csv',
  'tsv',
  'xml',
  'html',
  'htm',
  'xhtml',
  'svg',
  'yaml',
  'yml',
  'toml',
  'ini',
  'conf',
  'cfg',
  'properties',
  'env',
  'js',
  'mjs',
  'cjs',
  'ts',
  'tsx',
  'jsx',
  'css',
  'scss',
  'less',
  'vue',
  'py',
  'rb',
  'go',
  'rs',
  'java',
  'kt',
  'kts',
  'swift',
  'c',
  'h',
  'cc',
  'cpp',
  'hpp',
  'cs',
  'php',
  'sh',
  'bash',
  'zsh',
  'bat',
  'cmd',
  'ps1',
  'sql',
  'lua',
  'pl',
  'r',
  'dart',
  'scala',
  'gradle',
  'vcf',
  'ics',
  'srt',
  'ass',
  'lrc',
];

/** The viewer's kind of a file, by its name's extension. */
export function previewKindOf(name: string): PreviewKind {
  const ext = extensionOf(name);
  if ((THUMB_EXTENSIONS as readonly string[]).includes(ext)) return 'image';
  if (VIDEO_EXTENSIONS.includes(ext)) return 'video';
  if (AUDIO_EXTENSIONS.includes(ext)) return 'audio';
  if (ext === 'pdf') return 'pdf';
  if (TEXT_EXTENSIONS.includes(ext)) return 'text';
  return 'none';
}

/** Whether list items of this name carry thumbnail URLs. */
export function hasThumbnail(name: string): boolean {
  return (THUMB_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/** Whether a browser shows the original image itself (else the viewer shows `thumbnail_large`). */
export function browserShowsImage(name: string): boolean {
  return (BROWSER_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/** Answer of `POST /v2/file/get_preview_url` (`{file_id}`). */
export interface V2PreviewUrl {
  /** Signed, expiring; served inline with `Content-Security-Policy: sandbox` and nosniff. */
  url: string;
  /** ISO 8601. */
  expiration: string;
  kind: PreviewKind;
  size: number;
  content_type: string;
}

/** Answer of `POST /v1/files/previewUrl.json` (`id`). */
export interface V1PreviewUrl {
  url: string;
  /** Epoch ms. */
  expire: number;
  kind: PreviewKind;
  size: number;
  contentType: string;
}

/** Thumbnails of an image item in the older variant (as Baidu's `thumbs`): url1 256 px, url2 1024 px. */
export interface V1Thumbs {
  url1: string;
  url2: string;
}

/** Headers of a text preview: the detected encoding of the file and whether it was cut at 1 MB. */
export const PreviewHeader = {
  encoding: 'x-preview-encoding',
  truncated: 'x-preview-truncated',
} as const;

/** Paths of the preview calls and the signed URLs they hand out. */
export const PreviewApi = {
  v2PreviewUrl: '/v2/file/get_preview_url',
  v1PreviewUrl: '/v1/files/previewUrl.json',
  /** `GET ?t=<token>`: the file inline (images, video/audio with Range, PDF) or as UTF-8 text. */
  preview: '/drive/preview',
  /** `GET ?t=<token>&s=256|1024`: a JPEG thumbnail, made on the first request and kept as a blob. */
  thumb: '/drive/thumb',
} as const;
