import type { SmsItem } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { messageRows, rowOf } from './message-rows';

const sms = (id: string, date: number): SmsItem => ({
  server_id: id,
  content: { format_address: '10086', body: id, date, type: 1, locked: 0 },
  optime: date,
});
const day = (d: number, h: number) => new Date(2024, 4, d, h).getTime();

describe('conversation rows', () => {
  it('puts a separator before each day and none between messages of one day', () => {
    const rows = messageRows([sms('1', day(1, 9)), sms('2', day(1, 20)), sms('3', day(3, 8))]);
    expect(rows.map((r) => r.key)).toEqual(['d1', '1', '2', 'd3', '3']);
    expect(rowOf(rows, '3')).toBe(4);
    expect(rowOf(rows, 'x')).toBe(-1);
  });

  it('keeps the keys of newer rows when older messages arrive in front', () => {
    const newer = [sms('5', day(2, 9)), sms('6', day(2, 10))];
    const before = messageRows(newer).map((r) => r.key);
    const after = messageRows([sms('4', day(1, 9)), ...newer]).map((r) => r.key);
    expect(after.slice(-before.length)).toEqual(before);
  });

  it('draws nothing for an empty conversation', () => {
    expect(messageRows([])).toEqual([]);
  });
});
