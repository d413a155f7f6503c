import type { SmsData, SmsItem } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { favouriteMessages } from './FavouriteList';

const sms = (id: string, address: string, date: number, locked: number): SmsItem => ({
  server_id: id,
  content: { format_address: address, body: id, date, type: 1, locked },
  optime: date,
});

describe('favourites tab', () => {
  it('lists locked messages by favourite_list order, newest first inside a conversation', () => {
    const box: SmsData = {
      sync_version: 3,
      sms_list: {
        a1: sms('a1', 'A', 1, 1),
        a2: sms('a2', 'A', 5, 1),
        a3: sms('a3', 'A', 9, 0),
        b1: sms('b1', 'B', 7, 1),
      },
      collection_list: [],
      favourite_list: [
        { format_address: 'B', count: 1, format_date: 7, server_id: 'b1' },
        { format_address: 'A', count: 3, format_date: 9, server_id: 'a3' },
      ],
      contactIcon_list: {},
    };
    expect(favouriteMessages(box).map((m) => m.server_id)).toEqual(['b1', 'a2', 'a1']);
  });
});
