import { DriveCode, DriveMsg } from '@phonecloud/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import type { DriveBackend, UploadOutcome } from '../types';
import { throwUnlessAllPassed } from './batch-outcome';
import { UploadQueue } from './upload-queue';

function fakeBackend(upload: DriveBackend['upload']): DriveBackend {
  return { prepare: async () => undefined, upload } as unknown as DriveBackend;
}
const file = (name: string) => new File(['x'], name);
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('upload queue', () => {
  it("hands each file's conflict choice to the upload, and none to the others", async () => {
    const seen: Array<[string, string | undefined]> = [];
    const queue = new UploadQueue(
      fakeBackend(async (f, _parent, _progress, _signal, conflict) => {
        seen.push([f.name, conflict?.choice]);
        return 'uploaded';
      }),
    );
    queue.setEvents({ onUploaded: vi.fn(), onQuotaExceeded: vi.fn(), onExists: vi.fn() });
    const existing = { id: '7', name: 'a.txt', type: 'file' as const, size: 1, mtime: 0 };
    queue.add([file('a.txt'), file('b.txt')], 'root', (f) =>
      f.name === 'a.txt' ? { choice: 'overwrite', existing } : undefined,
    );
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen.sort()).toEqual([
      ['a.txt', 'overwrite'],
      ['b.txt', undefined],
    ]);
  });

  it('runs three at a time, then the rest, and reports each folder that got a file', async () => {
    const gates: Array<() => void> = [];
    let running = 0;
    let most = 0;
    const queue = new UploadQueue(
      fakeBackend(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => gates.push(r));
        running--;
        return 'uploaded' satisfies UploadOutcome;
      }),
    );
    const uploaded = vi.fn();
    queue.setEvents({ onUploaded: uploaded, onQuotaExceeded: vi.fn(), onExists: vi.fn() });
    queue.add([file('1'), file('2'), file('3'), file('4'), file('5')], 'root');
    await settle();
    expect(queue.snapshot().filter((t) => t.status === 'running')).toHaveLength(3);
    while (gates.length) {
      gates.shift()?.();
      await settle();
      await settle();
    }
    expect(most).toBe(3);
    expect(queue.snapshot().every((t) => t.status === 'done')).toBe(true);
    expect(uploaded).toHaveBeenCalledTimes(5);
  });

  it('keeps a failure with its text; retry runs it again; quota and 422 reach the screen', async () => {
    const answers: Array<UploadOutcome | Error> = [
      new ApiError(DriveCode.QUOTA_EXCEEDED, DriveMsg.QUOTA_EXCEEDED, 'business'),
      'uploaded',
      'exists',
    ];
    const queue = new UploadQueue(
      fakeBackend(async () => {
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next ?? 'uploaded';
      }),
    );
    const events = { onUploaded: vi.fn(), onQuotaExceeded: vi.fn(), onExists: vi.fn() };
    queue.setEvents(events);
    queue.add([file('a')], '999');
    await settle();
    await settle();
    const [task] = queue.snapshot();
    expect(task?.status).toBe('failed');
    expect(task?.error).toBe(DriveMsg.QUOTA_EXCEEDED);
    expect(events.onQuotaExceeded).toHaveBeenCalled();
    queue.retry(task?.id ?? 0);
    await settle();
    await settle();
    expect(queue.snapshot()[0]?.status).toBe('done');
    queue.add([file('a')], '999');
    await settle();
    await settle();
    expect(events.onExists).toHaveBeenCalledWith('a');
    queue.clearFinished();
    expect(queue.snapshot()).toHaveLength(0);
  });
});

describe('batch outcome', () => {
  it('passes when all passed, else the partial text, else the first failure', () => {
    expect(() => throwUnlessAllPassed([{ code: 0 }, { code: 0 }], DriveMsg.DELETE_PARTIAL)).not.toThrow();
    expect(() =>
      throwUnlessAllPassed([{ code: 0 }, { code: -2001, message: 'x' }], DriveMsg.DELETE_PARTIAL),
    ).toThrow(DriveMsg.DELETE_PARTIAL);
    expect(() =>
      throwUnlessAllPassed([{ code: -2003, message: DriveMsg.RESTORE_EXISTS }], DriveMsg.RESTORE_PARTIAL),
    ).toThrow(DriveMsg.RESTORE_EXISTS);
  });
});
