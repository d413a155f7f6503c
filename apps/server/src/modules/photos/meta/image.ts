import exifr from 'exifr';
import sharp from 'sharp';

/** What a picture's EXIF/XMP says (exifr), with its size in pixels as shown (upright). */
export interface ImageFacts {
  takenAt: number | null;
  tzOffset: number | null;
  latitude: number | null;
  longitude: number | null;
  make: string | null;
  model: string | null;
  lens: string | null;
  orientation: number | null;
  width: number | null;
  height: number | null;
}

type Tags = Record<string, unknown>;

const OPTIONS = {
  tiff: true,
  exif: true,
  gps: true,
  xmp: true,
  ifd1: false,
  icc: false,
  iptc: false,
  jfif: false,
  mergeOutput: true,
  // Raw values: dates stay the camera's text (a Date would be read in the server's zone).
  reviveValues: false,
  translateValues: false,
};

/** "2019:10:20 18:34:30" (EXIF) or "2019-10-20T18:34:30" (XMP) → the wall clock as UTC ms. */
export function exifTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** "+08:00" → 480. */
export function offsetMinutes(value: unknown): number | null {
  const m = typeof value === 'string' ? /^([+-])(\d{2}):?(\d{2})$/.exec(value.trim()) : null;
  if (!m) return null;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

function text(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = v.replace(/\0/g, '').trim();
  return t === '' ? null : t.slice(0, 200);
}
function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The picture's own size: sharp reads the header; HEIC (HEVC), which it cannot open, by its EXIF. */
async function pixels(input: Buffer, tags: Tags): Promise<{ width: number | null; height: number | null }> {
  try {
    const m = await sharp(input, { failOn: 'none' }).metadata();
    if (m.format !== 'heif' && m.width && m.height) return { width: m.width, height: m.height };
  } catch {
    // Not a format sharp reads: the EXIF's size below.
  }
  return { width: num(tags.ExifImageWidth), height: num(tags.ExifImageHeight) };
}

export async function readImage(input: Buffer): Promise<ImageFacts> {
  let tags: Tags = {};
  try {
    tags = ((await exifr.parse(input, OPTIONS)) as Tags | undefined) ?? {};
  } catch {
    // A file without readable metadata is still a picture: its time comes from the phone.
  }
  const takenAt = exifTime(tags.DateTimeOriginal) ?? exifTime(tags.CreateDate) ?? exifTime(tags.DateCreated);
  const orientation = num(tags.Orientation);
  const size = await pixels(input, tags);
  // Orientations 5-8 turn the picture a quarter: shown, its sides swap.
  const turned = orientation !== null && orientation >= 5 && orientation <= 8;
  const lat = num(tags.latitude);
  const lon = num(tags.longitude);
  const hasPlace = lat !== null && lon !== null && !(lat === 0 && lon === 0);
  return {
    takenAt,
    tzOffset: offsetMinutes(tags.OffsetTimeOriginal ?? tags.OffsetTime),
    latitude: hasPlace ? lat : null,
    longitude: hasPlace ? lon : null,
    make: text(tags.Make),
    model: text(tags.Model),
    lens: text(tags.LensModel),
    orientation,
    width: turned ? size.height : size.width,
    height: turned ? size.width : size.height,
  };
}
