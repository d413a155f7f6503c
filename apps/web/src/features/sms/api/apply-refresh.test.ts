import type { SmsConversation, SmsData, SmsItem } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { applyRefresh, changedAddresses, type SmsRefresh } from './apply-refresh';

const sms = (id: string, address: string, date: number, locked = 0): SmsItem => ({
  server_id: id,
  content: { format_address: address, body: `${address}:${id}`, date, type: 1, locked },
  optime: date,
});
const conv = (address: string, date: number, id: string, count = 1): SmsConversation => ({
  format_address: address,
  count,
  format_date: date,
  server_id: id,
});

const box: SmsData = {
  sync_version: 10,
  sms_list: { a2: sms('a2', 'A', 20), b1: sms('b1', 'B', 10, 1), c1: sms('c1', 'C', 5) },
  collection_list: [conv('A', 20, 'a2', 2), conv('B', 10, 'b1'), conv('C', 5, 'c1')],
  favourite_list: [conv('B', 10, 'b1')],
  contactIcon_list: { A: { name: [{ display_name: '妈妈' }] } },
};

describe('refresh.do deltas', () => {
  it('moves a conversation with a new message to the top and keeps the others', () => {
    const delta: SmsRefresh = {
      sync_version: 11,
      sms_list: { c2: sms('c2', 'C', 30) },
      collection_list: [conv('C', 30, 'c2', 2)],
      favourite_list: [],
      contactIcon_list: { C: { name: [{ display_name: '快递' }] } },
      removed: [],
    };
    const next = applyRefresh(box, delta);
    expect(next.sync_version).toBe(11);
    expect(next.collection_list.map((c) => c.format_address)).toEqual(['C', 'A', 'B']);
    expect(next.sms_list.c1).toBeUndefined();
    expect(next.sms_list.c2?.content.body).toBe('C:c2');
    expect(next.favourite_list.map((c) => c.format_address)).toEqual(['B']);
    expect(next.contactIcon_list.A?.name[0]?.display_name).toBe('妈妈');
    expect(next.contactIcon_list.C?.name[0]?.display_name).toBe('快递');
  });

  it('takes a conversation out of the favourites when its last favourite goes', () => {
    const delta: SmsRefresh = {
      sync_version: 12,
      sms_list: { b1: sms('b1', 'B', 10, 0) },
      collection_list: [conv('B', 10, 'b1')],
      favourite_list: [],
      contactIcon_list: {},
    };
    const next = applyRefresh(box, delta);
    expect(next.favourite_list).toEqual([]);
    expect(next.collection_list.map((c) => c.format_address)).toEqual(['A', 'B', 'C']);
  });

  it('drops a deleted conversation from every list', () => {
    const delta: SmsRefresh = {
      sync_version: 13,
      sms_list: {},
      collection_list: [],
      favourite_list: [],
      contactIcon_list: {},
      removed: ['B'],
    };
    expect(changedAddresses(delta)).toEqual(new Set(['B']));
    const next = applyRefresh(box, delta);
    expect(next.collection_list.map((c) => c.format_address)).toEqual(['A', 'C']);
    expect(next.favourite_list).toEqual([]);
    expect(Object.keys(next.sms_list).sort()).toEqual(['a2', 'c1']);
  });
});
