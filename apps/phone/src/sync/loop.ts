import { isSyncArea, SYNC_AREAS, type SyncArea } from '@phonecloud/shared';
import type { DeviceApiClient } from '../api.js';
import type { PhoneFolder } from '../state.js';
import { type RoundEnd, syncOnce } from './run.js';

export interface SyncLoopOptions {
  api: DeviceApiClient;
  folder: PhoneFolder;
  log: (line: string) => void;
  /** 0: one round; else a round every this many ms until SIGINT/SIGTERM. */
  everyMs: number;
  /** `--area`: a comma-separated list of areas (default all four). */
  areas?: string;
  onSignedOut: () => void;
  /** Stops the rounds (besides SIGINT/SIGTERM): the phone's run ended. */
  signal?: AbortSignal;
}

/** The areas of `--area`, in the order given; unknown names are an error. */
export function parseAreas(raw: string | undefined): SyncArea[] {
  if (!raw) return [...SYNC_AREAS];
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = names.filter((n) => !isSyncArea(n));
  if (bad.length) throw new Error(`unknown area: ${bad.join(', ')} (use ${SYNC_AREAS.join(', ')})`);
  return names as SyncArea[];
}

/** `phone sync`: one round, or rounds every `everyMs` until stopped. */
export async function syncLoop(opts: SyncLoopOptions): Promise<RoundEnd> {
  const areas = parseAreas(opts.areas);
  const stopper = new AbortController();
  const stop = () => stopper.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  opts.signal?.addEventListener('abort', stop, { once: true });
  opts.log(`开始同步：${opts.folder.dataDir}`);
  let end: RoundEnd = 'done';
  try {
    for (;;) {
      const round = await syncOnce({
        api: opts.api,
        dir: opts.folder.dir,
        dataDir: opts.folder.dataDir,
        areas,
        log: opts.log,
      });
      end = round.end;
      if (end === 'signed-out') {
        opts.onSignedOut();
        break;
      }
      if (!opts.everyMs || stopper.signal.aborted) break;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, opts.everyMs);
        stopper.signal.addEventListener(
          'abort',
          () => {
            clearTimeout(t);
            resolve();
          },
          { once: true },
        );
      });
      if (stopper.signal.aborted) break;
    }
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  opts.log(end === 'signed-out' ? '已退出登录' : '同步已停止');
  return end;
}
