import { readFile } from 'node:fs/promises';
import type { ThumbSize } from '@phonecloud/shared';
import sharp from 'sharp';
import { decodeHeic } from './heic.js';

/** One made thumbnail: JPEG bytes and their size in px. */
export interface MadeThumb {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Pictures larger than this (about 16k × 16k) are not decoded: a decompression bomb stops here. */
const MAX_INPUT_PIXELS = 268_402_689;
const JPEG = { quality: 80, mozjpeg: false, progressive: false } as const;

/** HEIF brands of HEVC pictures (iPhone photos): `ftyp` at byte 4, the brand after it. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
function isHeif(input: Buffer): boolean {
  return (
    input.length > 12 &&
    input.toString('latin1', 4, 8) === 'ftyp' &&
    HEVC_BRANDS.has(input.toString('latin1', 8, 12))
  );
}

async function toJpeg(img: ReturnType<typeof sharp>, size: ThumbSize): Promise<MadeThumb> {
  const out = await img
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg(JPEG)
    .toBuffer({ resolveWithObject: true });
  return { bytes: out.data, width: out.info.width, height: out.info.height };
}

/**
 * HEIC photos: the image library's prebuilt binaries decode HEIF only with AV1 (AVIF), not HEVC;
 * libheif compiled to WebAssembly decodes them (on the worker pool, heic.ts), upright (libheif
 * applies the file's rotation and mirroring), into pixels the library then resizes.
 */
async function fromHeif(input: Buffer, size: ThumbSize): Promise<MadeThumb> {
  const image = await decodeHeic(input);
  if (image.width * image.height > MAX_INPUT_PIXELS) throw new Error('picture too large');
  const raw = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return toJpeg(sharp(raw, { raw: { width: image.width, height: image.height, channels: 4 } }), size);
}

function fromNative(input: Buffer | string, size: ThumbSize): Promise<MadeThumb> {
  return toJpeg(
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none', pages: 1 }).rotate(),
    size,
  );
}

/**
 * A thumbnail of at most `size` px on the longer side: turned upright by the EXIF orientation,
 * never enlarged, transparency on white, JPEG. Each size is made from the original on its own:
 * JPEG and WebP decode straight to a fraction of their size (shrink-on-load), so the grid's
 * 256 px from a 12-megapixel photo decodes an eighth of it, and the 1024 px one, which only the
 * viewer asks for, does not slow the grid down. Animated images give their first frame. Throws
 * when no decoder can read the bytes.
 *
 * `input` is the picture's bytes or the path of its file. A file is opened by the decoder on its
 * own thread (no copy in memory, no reads queued in the process's I/O pool behind other
 * decodes); its bytes are read only when the native decoder cannot, to tell a HEIC by them.
 */
export async function makeThumb(input: Buffer | string, size: ThumbSize): Promise<MadeThumb> {
  if (typeof input !== 'string') return isHeif(input) ? fromHeif(input, size) : fromNative(input, size);
  try {
    return await fromNative(input, size);
  } catch (err) {
    const bytes = await readFile(input);
    if (isHeif(bytes)) return fromHeif(bytes, size);
    throw err;
  }
}
