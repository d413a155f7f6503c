import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { logSerializers, redactUrl, requestIdOf } from './request-log.js';

describe('request log lines', () => {
  it('never carry the values of tokens, signatures, codes or passwords in a URL', () => {
    expect(redactUrl('/drive/file?file_id=7&token=abc.def&sign=0f0f&x=1')).toBe(
      '/drive/file?file_id=7&token=[redacted]&sign=[redacted]&x=1',
    );
    expect(redactUrl('/rest/4.0/file?size=3&Token=SECRET')).toBe('/rest/4.0/file?size=3&Token=[redacted]');
    expect(redactUrl('/s/abc?share_pwd=1234&pwd=99')).toBe('/s/abc?share_pwd=[redacted]&pwd=[redacted]');
    expect(redactUrl('/contact/list.do')).toBe('/contact/list.do');
    expect(redactUrl('/a?%74oken=x')).toBe('/a?%74oken=[redacted]');
    const line = logSerializers.req({
      method: 'GET',
      url: '/verify/check?ticket=123456',
      ip: '127.0.0.1',
      headers: { authorization: 'Bearer secret-token', cookie: 'pc_sid=secret' },
    } as unknown as FastifyRequest);
    expect(JSON.stringify(line)).not.toMatch(/123456|secret/);
  });

  it("keeps a proxy's well-formed request id and makes a fresh one otherwise", () => {
    const withId = (id?: string) =>
      ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;
    expect(requestIdOf(withId('nginx-0f1e2d3c4b5a'))).toBe('nginx-0f1e2d3c4b5a');
    expect(requestIdOf(withId('bad id with spaces'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(withId())).not.toBe(requestIdOf(withId()));
  });
});
