import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Written to a temp file beside it and renamed: a reader never sees half a file. */
export function writeFileAtomic(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** Every file under `dir` whose name ends in `ext`, as paths relative to `dir` ('/' separated), sorted. */
export function listFiles(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else if (e.isFile() && e.name.endsWith(ext) && !e.name.startsWith('.')) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

/** A file the phone cannot read: the round of its area stops before anything is sent or written. */
export class UnreadableFile extends Error {
  constructor(file: string, cause: unknown) {
    super(
      `无法读取 ${file}（${cause instanceof Error ? cause.message : String(cause)}），请修正后再同步，文件未作改动`,
    );
  }
}

/** Runs `read` on a file's text, turning a parse failure into an UnreadableFile naming it. */
export function readWith<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    throw new UnreadableFile(name, err);
  }
}
