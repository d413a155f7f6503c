import { describe, expect, it } from 'vitest';
import { refusalText } from './download-frame';

describe('the text of a refused download', () => {
  it("is the server's message, with a zip's damaged files named after it", () => {
    expect(refusalText('{"code":409,"message":"文件内容已损坏"}')).toBe('文件内容已损坏');
    expect(refusalText('{"code":409,"message":"文件内容已损坏","files":["a/报表.txt","b.jpg"]}')).toBe(
      '文件内容已损坏：a/报表.txt、b.jpg',
    );
  });

  it('is none for a page that is not such an answer', () => {
    for (const body of [
      undefined,
      null,
      '',
      '<html>500</html>',
      '[]',
      '"text"',
      '{"code":1}',
      '{"message":""}',
    ])
      expect(refusalText(body)).toBeNull();
  });
});
