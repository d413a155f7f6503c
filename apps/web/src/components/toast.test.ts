import { SUCCESS_TIP_MS } from '@phonecloud/shared';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, describe, expect, it } from 'vitest';
import { onToastHostWanted, registerToastApi, resetToasts, toast } from './toast';

/** A message API that records what it was asked to show. */
function recorder() {
  const calls: { kind: string; text: unknown; duration: unknown }[] = [];
  const record =
    (kind: string) =>
    (text: unknown, duration?: unknown): never => {
      calls.push({ kind, text, duration });
      return undefined as never;
    };
  const api = { success: record('success'), error: record('error') } as unknown as MessageInstance;
  return { api, calls };
}

describe('toast', () => {
  afterEach(resetToasts);

  it('shows a success tip for 1 s (antd counts seconds)', () => {
    const { api, calls } = recorder();
    registerToastApi(api);
    toast.success('已保存');
    expect(calls).toEqual([{ kind: 'success', text: '已保存', duration: SUCCESS_TIP_MS / 1000 }]);
    expect(SUCCESS_TIP_MS / 1000).toBe(1);
  });

  it("leaves an error on screen for antd's default time", () => {
    const { api, calls } = recorder();
    registerToastApi(api);
    toast.error('请求服务器失败,请重试！');
    expect(calls).toEqual([{ kind: 'error', text: '请求服务器失败,请重试！', duration: undefined }]);
  });

  it('keeps a toast asked for before any message API, asks for a host, and shows it once one is in', () => {
    let wanted = 0;
    onToastHostWanted(() => wanted++);
    toast.error('请求服务器失败,请重试！');
    expect(wanted).toBe(1);
    const { api, calls } = recorder();
    registerToastApi(api);
    expect(calls).toEqual([{ kind: 'error', text: '请求服务器失败,请重试！', duration: undefined }]);
  });

  it('uses the newest message API, and the one before once that is taken out', () => {
    const first = recorder();
    const second = recorder();
    registerToastApi(first.api);
    const remove = registerToastApi(second.api);
    toast.success('a');
    remove();
    toast.success('b');
    expect(second.calls.map((c) => c.text)).toEqual(['a']);
    expect(first.calls.map((c) => c.text)).toEqual(['b']);
  });
});
