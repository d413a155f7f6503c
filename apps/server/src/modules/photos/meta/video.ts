import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What a video's container says (ffprobe, Debian's ffmpeg package). */
export interface VideoFacts {
  durationMs: number | null;
  width: number | null;
  height: number | null;
  /** The camera's wall clock as UTC ms, and its zone (minutes) when the file names one. */
  takenAt: number | null;
  tzOffset: number | null;
  latitude: number | null;
  longitude: number | null;
  make: string | null;
  model: string | null;
}

interface Probe {
  format?: { duration?: string; tags?: Record<string, string> };
  streams?: Array<{
    codec_type?: string;
    width?: number;
    height?: number;
    tags?: Record<string, string>;
    side_data_list?: Array<{ rotation?: number }>;
  }>;
}

/** ISO 6709 as phones write it: "+30.2592+120.1551+012.000/". */
export function parseIso6709(text: string | undefined): { latitude: number; longitude: number } | null {
  const m = text ? /^([+-]\d+(?:\.\d+)?)([+-]\d+(?:\.\d+)?)/.exec(text) : null;
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/**
 * The time a video was taken: Apple's local creation date with its zone ("2019-10-20T20:34:30+0200")
 * when there is one, else the container's creation_time (UTC; the zone unknown).
 */
function takenOf(tags: Record<string, string>): { takenAt: number; tzOffset: number | null } | null {
  const apple = tags['com.apple.quicktime.creationdate'];
  const m = apple
    ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})([+-])(\d{2}):?(\d{2})/.exec(apple)
    : null;
  if (m) {
    const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const off = (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9]));
    return { takenAt: Date.UTC(y, mo - 1, d, h, mi, s), tzOffset: off };
  }
  const t = tags.creation_time ? Date.parse(tags.creation_time) : Number.NaN;
  // 1904-01-01 is QuickTime's zero: a camera that never set its clock.
  return Number.isFinite(t) && t > Date.UTC(1971, 0, 1) ? { takenAt: t, tzOffset: null } : null;
}

export async function probeVideo(path: string): Promise<VideoFacts> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
    { maxBuffer: 4 * 1024 * 1024 },
  );
  const p = JSON.parse(stdout) as Probe;
  const tags = p.format?.tags ?? {};
  const video = p.streams?.find((s) => s.codec_type === 'video');
  const rotation = Math.abs(video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0);
  const turned = rotation === 90 || rotation === 270;
  const seconds = Number(p.format?.duration);
  const place = parseIso6709(tags['com.apple.quicktime.location.ISO6709'] ?? tags.location);
  const taken = takenOf(tags);
  return {
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
    width: (turned ? video?.height : video?.width) ?? null,
    height: (turned ? video?.width : video?.height) ?? null,
    takenAt: taken?.takenAt ?? null,
    tzOffset: taken?.tzOffset ?? null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    make: tags['com.apple.quicktime.make'] ?? tags.make ?? null,
    model: tags['com.apple.quicktime.model'] ?? tags.model ?? null,
  };
}

/**
 * One frame as a JPEG, upright (ffmpeg applies the rotation): a second in, or the middle of a
 * shorter video (a Live Photo's is about three seconds).
 */
export function posterFrame(path: string, durationMs: number | null): Promise<Buffer> {
  const at = durationMs !== null && durationMs < 2000 ? durationMs / 2000 : 1;
  return new Promise((resolve, reject) => {
    const args = ['-v', 'error', '-ss', at.toFixed(3), '-i', path, '-frames:v', '1', '-f', 'image2pipe'];
    const ff = spawn('ffmpeg', [...args, '-c:v', 'mjpeg', '-q:v', '3', 'pipe:1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    ff.stdout.on('data', (c: Buffer) => out.push(c));
    ff.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    ff.on('error', reject);
    ff.on('close', (code) => {
      const bytes = Buffer.concat(out);
      if (code === 0 && bytes.length > 0) resolve(bytes);
      else reject(new Error(`ffmpeg: ${err.trim() || `exit ${code}`}`));
    });
  });
}
