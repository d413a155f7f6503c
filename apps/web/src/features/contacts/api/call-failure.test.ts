import { Code, ContactCode, ContactMsg, Msg } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api';
import { callFailure } from './call-failure';

describe('callFailure', () => {
  it("shows the server's message and syncs the book after a stale version_code or a contact gone", () => {
    expect(
      callFailure(new ApiError(ContactCode.STALE_VERSION, ContactMsg.STALE_VERSION, 'business')),
    ).toEqual({
      text: ContactMsg.STALE_VERSION,
      resync: true,
    });
    expect(callFailure(new ApiError(ContactCode.NOT_FOUND, ContactMsg.NOT_FOUND, 'business'))).toEqual({
      text: ContactMsg.NOT_FOUND,
      resync: true,
    });
  });

  it('shows the network retry text and syncs, since the change may have landed', () => {
    expect(callFailure(new ApiError(0, Msg.NET_SERVER, 'network'))).toEqual({
      text: Msg.NET_SERVER,
      resync: true,
    });
  });

  it('says nothing while the browser leaves for the login page or the check screen', () => {
    expect(callFailure(new ApiError(Code.NOT_LOGGED_IN, 'x', 'redirected'))).toEqual({
      text: null,
      resync: false,
    });
    expect(callFailure(new ApiError(Code.VERIFY_REQUIRED, 'x', 'redirected')).text).toBeNull();
  });

  it('still has a text for a failure that is not a call', () => {
    expect(callFailure(new TypeError('boom')).text).toBe('boom');
    expect(callFailure('odd').text).toBe('odd');
  });
});
