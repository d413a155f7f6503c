import { AVATAR_MIN_PX, AVATAR_STORED_PX, ContactMsg } from '@phonecloud/shared';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type LoadedImage = { ok: true; url: string; image: HTMLImageElement } | { ok: false; message: string };

/** Reads a chosen file as an image; the spec's two texts when it is not one or is too small. */
export async function loadImage(file: File): Promise<LoadedImage> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  try {
    image.src = url;
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    return { ok: false, message: ContactMsg.AVATAR_BAD };
  }
  if (image.naturalWidth < AVATAR_MIN_PX || image.naturalHeight < AVATAR_MIN_PX) {
    URL.revokeObjectURL(url);
    return { ok: false, message: ContactMsg.AVATAR_TOO_SMALL };
  }
  return { ok: true, url, image };
}

// Never below this: a crop of a small image zoomed in is stretched up (spec 001 §5), never sent
// smaller than the server accepts.
const OUTPUT_MIN_PX = 160;

/** The cropped square as a JPEG data URL, at most the size the server stores. */
export function cropToDataUrl(image: HTMLImageElement, area: PixelArea): string {
  const size = Math.round(Math.min(AVATAR_STORED_PX, Math.max(OUTPUT_MIN_PX, area.width)));
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size, size);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return canvas.toDataURL('image/jpeg', 0.9);
}
