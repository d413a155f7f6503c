import { describe, expect, it } from 'vitest';
import { AppEvents } from './app-events.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('AppEvents', () => {
  it('runs listeners after the teller has gone on, each on its own, a failing one reported', async () => {
    const failures: string[] = [];
    const events = new AppEvents((err, name) => failures.push(`${name}: ${(err as Error).message}`));
    const heard: number[] = [];
    events.on('driveItemsLanded', () => {
      throw new Error('broken listener');
    });
    const off = events.on('driveItemsLanded', (e) => heard.push(...e.ids));
    events.emit('driveItemsLanded', { userId: 1, ids: [7, 8] });
    // Nothing ran inside emit: the request that told answers first.
    expect(heard).toEqual([]);
    await nextTurn();
    expect(heard).toEqual([7, 8]);
    expect(failures).toEqual(['driveItemsLanded: broken listener']);

    off();
    events.emit('driveItemsLanded', { userId: 1, ids: [9] });
    await nextTurn();
    expect(heard).toEqual([7, 8]);
  });
});
