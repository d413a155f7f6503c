import type { ThumbSize } from '@phonecloud/shared';
import sharp from 'sharp';

/** One made thumbnail: JPEG bytes and their size in px. */
export interface MadeThumb {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Pictures larger than this (about 16k × 16k) are not decoded: a decompression bomb stops here. */
const MAX_INPUT_PIXELS = 268_402_689;
const JPEG = { quality: 80, mozjpeg: false, progressive: false } as const;

/**
 * A thumbnail of at most `size` px on the longer side: turned upright by the EXIF orientation,
 * never enlarged, transparency on white, JPEG. Each size is made from the original on its own:
 * JPEG and WebP decode straight to a fraction of their size (shrink-on-load), so the grid's
 * 256 px from a 12-megapixel photo decodes an eighth of it, and the 1024 px one, which only the
 * viewer asks for, does not slow the grid down. Animated images give their first frame. Throws
 * when the image library cannot read the bytes.
 */
export async function makeThumb(input: Buffer, size: ThumbSize): Promise<MadeThumb> {
  const out = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none', pages: 1 })
    .rotate()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg(JPEG)
    .toBuffer({ resolveWithObject: true });
  return { bytes: out.data, width: out.info.width, height: out.info.height };
}
