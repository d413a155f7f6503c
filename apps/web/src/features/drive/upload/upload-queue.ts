import { DriveCode, DriveMsg } from '@phonecloud/shared';
import { isApiError, shouldReport } from '../../../api';
import type { DriveBackend, UploadConflict, UploadOutcome, UploadProgress } from '../types';

export type UploadStatus = 'waiting' | 'running' | 'done' | 'failed';

export interface UploadTask {
  id: number;
  file: File;
  parentId: string;
  status: UploadStatus;
  progress: UploadProgress;
  outcome?: UploadOutcome;
  error?: string;
  /** The user's choice on a name the folder held when the file was chosen. */
  conflict?: UploadConflict;
}

export interface QueueEvents {
  /** A file landed in this folder: its list and the quota need a refresh. */
  onUploaded(parentId: string): void;
  /** The server refused for lack of space. */
  onQuotaExceeded(): void;
  /** The upload host already holds this file in the folder (v1 head 422). */
  onExists(name: string): void;
}

/** Uploads at once; the rest wait their turn, so that one big batch does not starve the page. */
const PARALLEL = 3;
/** Progress repaints at most this often: hashing a big file reports a thousand chunks a second. */
const PAINT_MS = 120;

/**
 * The upload list of one drive screen: each chosen file waits, runs, then is done or failed with
 * a retry (spec 000 §4). A store outside React, read with useSyncExternalStore, because progress
 * comes from XHR and hashing callbacks.
 */
export class UploadQueue {
  private tasks: UploadTask[] = [];
  private listeners = new Set<() => void>();
  private controllers = new Map<number, AbortController>();
  private nextId = 1;
  private paintTimer: ReturnType<typeof setTimeout> | null = null;

  private events: QueueEvents = { onUploaded() {}, onQuotaExceeded() {}, onExists() {} };

  constructor(private readonly backend: DriveBackend) {}

  /** The screen showing this queue now; the last one stays, so uploads that end later still refresh. */
  setEvents(events: QueueEvents): void {
    this.events = events;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = () => this.tasks;

  add(
    files: readonly File[],
    parentId: string,
    conflictOf?: (file: File) => UploadConflict | undefined,
  ): void {
    const added = files.map<UploadTask>((file) => ({
      id: this.nextId++,
      file,
      parentId,
      status: 'waiting',
      progress: { phase: 'sending', fraction: 0 },
      conflict: conflictOf?.(file),
    }));
    this.tasks = [...this.tasks, ...added];
    this.emit();
    this.pump();
  }

  retry(id: number): void {
    this.update(id, { status: 'waiting', error: undefined, progress: { phase: 'sending', fraction: 0 } });
    this.pump();
  }

  /** Drops the finished and the failed ones (the panel's close); waiting and running ones stay. */
  clearFinished(): void {
    this.tasks = this.tasks.filter((t) => t.status === 'waiting' || t.status === 'running');
    this.emit();
  }

  private pump(): void {
    const running = this.tasks.filter((t) => t.status === 'running').length;
    const waiting = this.tasks.filter((t) => t.status === 'waiting').slice(0, PARALLEL - running);
    for (const task of waiting) void this.run(task.id);
  }

  private async run(id: number): Promise<void> {
    const task = this.tasks.find((t) => t.id === id);
    if (!task) return;
    const controller = new AbortController();
    this.controllers.set(id, controller);
    this.update(id, { status: 'running' });
    try {
      await this.backend.prepare();
      const outcome = await this.backend.upload(
        task.file,
        task.parentId,
        (progress) => this.progress(id, progress),
        controller.signal,
        task.conflict,
      );
      this.update(id, { status: 'done', outcome, progress: { phase: 'sending', fraction: 1 } });
      if (outcome === 'exists') this.events.onExists(task.file.name);
      else this.events.onUploaded(task.parentId);
    } catch (err) {
      if (controller.signal.aborted) return;
      if (isApiError(err) && err.code === DriveCode.QUOTA_EXCEEDED) this.events.onQuotaExceeded();
      const error = !shouldReport(err)
        ? DriveMsg.NET_UPLOAD_URL
        : err instanceof Error
          ? err.message
          : String(err);
      this.update(id, { status: 'failed', error });
    } finally {
      this.controllers.delete(id);
      this.pump();
    }
  }

  private progress(id: number, progress: UploadProgress): void {
    this.tasks = this.tasks.map((t) => (t.id === id ? { ...t, progress } : t));
    this.paint();
  }

  private update(id: number, patch: Partial<UploadTask>): void {
    this.tasks = this.tasks.map((t) => (t.id === id ? { ...t, ...patch } : t));
    this.emit();
  }

  private paint(): void {
    if (this.paintTimer) return;
    this.paintTimer = setTimeout(() => {
      this.paintTimer = null;
      this.emit();
    }, PAINT_MS);
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}

const queues = new Map<string, UploadQueue>();

/**
 * One queue per drive variant for the life of the page: the drive screen may remount when the
 * route changes, and uploads must go on (and stay listed) while the user moves between folders.
 */
export function queueFor(backend: DriveBackend): UploadQueue {
  let queue = queues.get(backend.variant);
  if (!queue) {
    queue = new UploadQueue(backend);
    queues.set(backend.variant, queue);
  }
  return queue;
}
