import { ContactApi } from '@phonecloud/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn(async () => ({ sync_version: 2, server_ids: [] }));
vi.mock('../../../api', () => ({ api: { post, get: vi.fn() } }));

const { contactCalls } = await import('./contact-calls');

describe('contactCalls.groupRename', () => {
  beforeEach(() => post.mockClear());

  it("sends the group's members as server_ids (spec §7), a JSON list of ids as the server reads it", async () => {
    await contactCalls.groupRename(7, '同事', '老同事', ['12', '30']);
    expect(post).toHaveBeenCalledWith(
      ContactApi.groupUpdate,
      { sync_version: 7, old_group_name: '同事', group_name: '老同事', server_ids: '["12","30"]' },
      { area: 'contact' },
    );
  });

  it('sends an empty list for a group without members, so it stays empty', async () => {
    await contactCalls.groupRename(7, '空组', '新组', []);
    expect(post).toHaveBeenCalledWith(
      ContactApi.groupUpdate,
      expect.objectContaining({ server_ids: '[]' }),
      expect.anything(),
    );
  });
});
