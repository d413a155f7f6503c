import { open } from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_HASHES_MAX, PhotoMsg, V2_PART_SIZE } from '@phonecloud/shared';
import { type DeviceApiClient, DeviceApiError } from '../api.js';
import { type LocalFile, scanFolder, sha256File } from './scan.js';
import type { PhotoFileState, PhotosState, PhotosStateFile } from './state.js';

export interface BackupOptions {
  api: DeviceApiClient;
  folder: string;
  stateFile: PhotosStateFile;
  log: (line: string) => void;
  /** Files uploaded at once (default 4). */
  parallel?: number;
}

export interface BackupReport {
  uploaded: number;
  /** Already in the cloud (sent before, or by another phone). */
  present: number;
  failed: number;
  /** Deletions on the phone told to the cloud. */
  deletedHere: number;
  /** The device token no longer holds: sign in again. */
  signedOut: boolean;
}

const isSignedOut = (err: unknown) => err instanceof DeviceApiError && err.code === 2002;

/** Bytes `start .. start+length-1` of a file. */
async function readRange(file: string, start: number, length: number): Promise<Uint8Array> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await fh.read(buf, done, length - done, start + done);
      if (bytesRead === 0) throw new Error('file shorter than when it was hashed');
      done += bytesRead;
    }
    return buf;
  } finally {
    await fh.close();
  }
}

/** Files hashed and asked about at a time: the uploads of one batch overlap the next one's hashing. */
const BATCH = 100;

/** Items handed to the uploaders as they are found; `take` waits for one, or for the end. */
class Handover<T> {
  private readonly items: T[] = [];
  private readonly waiting: Array<(item: T | undefined) => void> = [];
  private closed = false;

  put(item: T): void {
    const taker = this.waiting.shift();
    if (taker) taker(item);
    else this.items.push(item);
  }

  take(): Promise<T | undefined> {
    if (this.items.length > 0 || this.closed) return Promise.resolve(this.items.shift());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const taker of this.waiting.splice(0)) taker(undefined);
  }
}

/**
 * One backup round of a folder: every picture and video is hashed (once, while its size and time
 * stay), the cloud is asked which contents it keeps, and the others are uploaded through
 * resumable sessions, several at a time, while the next files are hashed; each confirmation is
 * written to the state before the next step, so a killed phone goes on where it was. Files gone
 * from the folder are told to the cloud (which deletes them only when its owner turned that on),
 * except those freed here.
 */
export async function backupOnce(opts: BackupOptions): Promise<BackupReport> {
  const state = opts.stateFile.read(opts.folder);
  const report: BackupReport = { uploaded: 0, present: 0, failed: 0, deletedHere: 0, signedOut: false };
  const files = await scanFolder(opts.folder);
  await askAgainDamaged(files, state, opts, report);
  const handover = new Handover<LocalFile>();
  const workers = Array.from({ length: Math.max(1, opts.parallel ?? 4) }, async () => {
    for (let f = await handover.take(); f && !report.signedOut; f = await handover.take())
      await uploadOne(f, state, opts, report);
  });
  try {
    for (let i = 0; i < files.length && !report.signedOut; i += BATCH) {
      const batch = files.slice(i, i + BATCH);
      await hashAll(batch, state, opts);
      const unconfirmed = batch.filter((f) => !state.files[f.rel]?.confirmed);
      await confirmKept(unconfirmed, state, opts, report);
      for (const f of unconfirmed) if (!state.files[f.rel]?.confirmed) handover.put(f);
    }
  } finally {
    handover.close();
    await Promise.all(workers);
  }
  if (!report.signedOut) await tellDeleted(files, state, opts, report);
  return report;
}

/**
 * Files confirmed before whose copy the cloud has since found damaged (its store check): no
 * longer confirmed, so this round sends them again, which puts the cloud's copy right. Only a
 * file unchanged since it was hashed is the same content. A server without the call (an older
 * one) answers an error: nothing is sent again.
 */
async function askAgainDamaged(
  files: LocalFile[],
  state: PhotosState,
  opts: BackupOptions,
  report: BackupReport,
) {
  let damaged: string[];
  try {
    damaged = await opts.api.photosDamaged();
  } catch (err) {
    if (isSignedOut(err)) report.signedOut = true;
    return;
  }
  if (damaged.length === 0) return;
  const wanted = new Set(damaged);
  let changed = false;
  for (const f of files) {
    const s = state.files[f.rel];
    if (!s?.confirmed || !wanted.has(s.sha256) || s.size !== f.size || s.mtime !== f.mtime) continue;
    s.confirmed = false;
    changed = true;
    opts.log(`云端副本已损坏，重新备份 ${f.rel}`);
  }
  if (changed) opts.stateFile.write(state);
}

async function hashAll(files: LocalFile[], state: PhotosState, opts: BackupOptions) {
  let changed = false;
  for (const f of files) {
    const known = state.files[f.rel];
    if (known && known.size === f.size && known.mtime === f.mtime) continue;
    state.files[f.rel] = { size: f.size, mtime: f.mtime, sha256: await sha256File(f.abs), confirmed: false };
    changed = true;
  }
  if (changed) opts.stateFile.write(state);
}

/** Asks the cloud about every unconfirmed content at once (a second phone's photos are there already). */
async function confirmKept(
  unconfirmed: LocalFile[],
  state: PhotosState,
  opts: BackupOptions,
  report: BackupReport,
) {
  const hashes = [...new Set(unconfirmed.map((f) => state.files[f.rel]?.sha256 ?? ''))];
  for (let i = 0; i < hashes.length; i += PHOTO_HASHES_MAX) {
    const kept = new Set(await opts.api.photosCheck(hashes.slice(i, i + PHOTO_HASHES_MAX)));
    for (const f of unconfirmed) {
      const s = state.files[f.rel];
      if (s && !s.confirmed && kept.has(s.sha256)) {
        s.confirmed = true;
        delete s.upload_id;
        report.present++;
      }
    }
  }
  if (hashes.length) opts.stateFile.write(state);
}

async function uploadOne(f: LocalFile, state: PhotosState, opts: BackupOptions, report: BackupReport) {
  const s = state.files[f.rel];
  if (!s) return;
  const name = path.basename(f.rel);
  try {
    const announce = {
      sha256: s.sha256,
      size: s.size,
      name,
      mtime: s.mtime,
      tz_offset: -new Date(s.mtime).getTimezoneOffset(),
    };
    // A file of one part goes in one request (a cut one is sent again whole: it is small).
    if (s.size <= V2_PART_SIZE && !s.upload_id) {
      const sent = await opts.api.photoWhole(announce, await readRange(f.abs, 0, s.size));
      confirm(f.rel, opts, state);
      if (!sent.created) {
        report.present++;
        return;
      }
      report.uploaded++;
      opts.log(`已备份 ${f.rel}`);
      return;
    }
    const start = await opts.api.photoStart({ ...announce, upload_id: s.upload_id });
    if (start.done) {
      confirm(f.rel, opts, state);
      report.present++;
      return;
    }
    await sendParts(f, s, start, opts, state);
    await opts.api.photoComplete({ ...announce, upload_id: start.upload_id });
    confirm(f.rel, opts, state);
    report.uploaded++;
    opts.log(`已备份 ${f.rel}`);
  } catch (err) {
    if (isSignedOut(err)) {
      report.signedOut = true;
      return;
    }
    report.failed++;
    // Bytes that changed since they were hashed: hashed again next round.
    if (err instanceof DeviceApiError && err.message === PhotoMsg.HASH_MISMATCH) delete state.files[f.rel];
    else delete s.upload_id;
    opts.stateFile.note(state, f.rel);
    opts.log(`备份失败 ${f.rel}：${err instanceof Error ? err.message : String(err)}`);
  }
}

function confirm(rel: string, opts: BackupOptions, state: PhotosState) {
  const s = state.files[rel];
  if (!s) return;
  s.confirmed = true;
  delete s.upload_id;
  opts.stateFile.note(state, rel);
}

async function sendParts(
  f: LocalFile,
  s: PhotoFileState,
  session: { upload_id: string; part_size: number; part_count: number; parts_done: number[] },
  opts: BackupOptions,
  state: PhotosState,
) {
  const { upload_id, part_size, part_count, parts_done } = session;
  if (s.upload_id !== upload_id) {
    s.upload_id = upload_id;
    opts.stateFile.note(state, f.rel);
  }
  if (parts_done.length > 0) opts.log(`续传 ${f.rel}：已有 ${parts_done.length}/${part_count} 段`);
  const done = new Set(parts_done);
  for (let n = 1; n <= part_count; n++) {
    if (done.has(n)) continue;
    const start = (n - 1) * part_size;
    const bytes = await readRange(f.abs, start, Math.min(part_size, s.size - start));
    await opts.api.photoPart(upload_id, n, bytes);
    if (part_count > 1) opts.log(`上传 ${f.rel} 第 ${n}/${part_count} 段`);
  }
}

/** Files confirmed earlier and gone now (not freed here, not still present under another path). */
async function tellDeleted(
  files: LocalFile[],
  state: PhotosState,
  opts: BackupOptions,
  report: BackupReport,
) {
  const here = new Set(files.map((f) => f.rel));
  const stillHeld = new Set(files.map((f) => state.files[f.rel]?.sha256));
  const gone = Object.entries(state.files).filter(([rel]) => !here.has(rel));
  const tell = [
    ...new Set(
      gone.filter(([, s]) => s.confirmed && !s.freed && !stillHeld.has(s.sha256)).map(([, s]) => s.sha256),
    ),
  ];
  for (let i = 0; i < tell.length; i += PHOTO_HASHES_MAX) {
    report.deletedHere += (await opts.api.photosDeleted(tell.slice(i, i + PHOTO_HASHES_MAX))).deleted;
  }
  // Freed files stay known (their deletion was ours); the others are forgotten once told.
  for (const [rel, s] of gone) if (!s.freed) delete state.files[rel];
  if (gone.length) opts.stateFile.write(state);
}
