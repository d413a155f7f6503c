import { describe, expect, it } from 'vitest';
import { ListStreamParser } from './list-stream';

const contact = (id: string, name: string) => ({
  server_id: id,
  version_code: 1,
  nameSpell: name.toLowerCase(),
  letter_index: 'A',
  attachment: [],
  content: { name: [{ is_primary: 1, display_name: name, given_name: name }], note: [{ note: name }] },
});

// Strings that look like structure: quotes, backslashes, braces, commas and a key named "list".
const tricky = ['a"},"9":{', 'back\\slash\\', '\\"}', '{"list":{', '张三 ,]}', 'end\\\\'];

function book() {
  const list: Record<string, unknown> = {};
  tricky.forEach((name, i) => {
    list[String(i + 1)] = contact(String(i + 1), name);
  });
  const ids = Object.keys(list);
  return {
    code: 0,
    data: {
      sync_version: 7,
      group: { list: ['1'], '"}': ['2'] },
      letter_index: { A: ids },
      group_letter_index: { list: { A: ['1'] }, '"}': { A: ['2'] } },
      list,
    },
  };
}

function feed(text: string, cuts: number[]) {
  const parser = new ListStreamParser();
  let at = 0;
  for (const cut of [...cuts, text.length]) {
    parser.push(text.slice(at, cut));
    at = cut;
  }
  return { parser, envelope: parser.finish() };
}

describe('list.do stream parser', () => {
  const doc = book();
  const text = JSON.stringify(doc);
  const { list, ...head } = doc.data;

  it('reads the head and every contact wherever the chunks are cut', () => {
    for (let cut = 1; cut < text.length; cut++) {
      const { parser, envelope } = feed(text, [cut]);
      expect(parser.head, `cut at ${cut}`).toEqual(head);
      expect(Object.fromEntries(parser.contacts), `cut at ${cut}`).toEqual(list);
      expect(envelope).toEqual({ code: 0, data: { ...head, list: {} } });
    }
  });

  it('reads the same with one character at a time', () => {
    const { parser } = feed(
      text,
      Array.from({ length: text.length - 1 }, (_, i) => i + 1),
    );
    expect(Object.fromEntries(parser.contacts)).toEqual(list);
  });

  it('has the head and the first contacts before the document ends', () => {
    const parser = new ListStreamParser();
    const firstEntryEnd = text.indexOf('"2":{');
    expect(parser.push(text.slice(0, firstEntryEnd + 2))).toBe(true);
    expect(parser.head).toEqual(head);
    expect([...parser.contacts.keys()]).toEqual(['1']);
  });

  it('parses an error envelope, or a list that is not last, whole at the end', () => {
    const error = feed('{"code":6001,"message":"需要验证"}', [5]);
    expect(error.parser.head).toBeNull();
    expect(error.envelope).toEqual({ code: 6001, message: '需要验证' });

    const listFirst = JSON.stringify({ code: 0, data: { list: { 1: contact('1', 'x') }, sync_version: 3 } });
    const other = feed(listFirst, [20]);
    // Here the head is read at the list's start: what follows the list is in the envelope.
    expect(other.envelope).toEqual({ code: 0, data: { list: {}, sync_version: 3 } });
    expect([...other.parser.contacts.keys()]).toEqual(['1']);
  });

  it('refuses a document cut off inside the list', () => {
    const parser = new ListStreamParser();
    parser.push(text.slice(0, text.length - 10));
    expect(() => parser.finish()).toThrow();
  });
});
