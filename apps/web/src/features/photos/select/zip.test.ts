import { PHOTO_ZIP_MAX } from '@phonecloud/shared';
import { describe, expect, it, vi } from 'vitest';
import { downloadZip, ZIP_FAILED, type ZipDeps, zipTooMany } from './zip';

function fakeDeps(url = '/photo/zip/abc'): ZipDeps & { errors: string[] } {
  const errors: string[] = [];
  return {
    errors,
    zipUrl: vi.fn(async () => url),
    download: vi.fn(),
    error: (text) => errors.push(text),
  };
}

describe('the selection as a zip', () => {
  it('asks the server for a link and downloads it through the frame', async () => {
    const deps = fakeDeps();
    expect(await downloadZip([3, 1, 2], deps)).toBe(true);
    expect(deps.zipUrl).toHaveBeenCalledWith([3, 1, 2]);
    expect(deps.download).toHaveBeenCalledWith('/photo/zip/abc', ZIP_FAILED, deps.error);
    expect(deps.errors).toEqual([]);
  });

  it('refuses more than the server takes at once, before any call', async () => {
    const deps = fakeDeps();
    const many = Array.from({ length: PHOTO_ZIP_MAX + 1 }, (_, i) => i + 1);
    expect(await downloadZip(many, deps)).toBe(false);
    expect(deps.zipUrl).not.toHaveBeenCalled();
    expect(deps.errors).toEqual([zipTooMany()]);
  });

  it('lets a refused call reach the caller', async () => {
    const deps = fakeDeps();
    deps.zipUrl = vi.fn(async () => {
      throw new Error('照片不存在或已删除');
    });
    await expect(downloadZip([1], deps)).rejects.toThrow('照片不存在或已删除');
    expect(deps.download).not.toHaveBeenCalled();
  });
});
