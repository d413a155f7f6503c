import { afterEach, describe, expect, it, vi } from 'vitest';

const setPriority = vi.fn();
vi.mock('node:os', () => ({ setPriority }));

afterEach(() => {
  setPriority.mockReset();
  vi.resetModules();
});

describe('lowerThisThread', () => {
  it('puts the thread one step below the serving thread, once', async () => {
    const { lowerThisThread } = await import('./background-thread');
    lowerThisThread();
    lowerThisThread();
    // Nice 10 left an import a small fraction of a core beside other busy processes.
    expect(setPriority.mock.calls).toEqual([[0, 1]]);
  });

  it('goes on at the same priority where lowering is not allowed', async () => {
    setPriority.mockImplementation(() => {
      throw new Error('EACCES');
    });
    const { lowerThisThread } = await import('./background-thread');
    expect(() => lowerThisThread()).not.toThrow();
  });
});
