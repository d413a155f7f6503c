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

// Strings that look like structure: quotes, backslashes, braces, commas, line breaks, a key "list".
const tricky = ['a"},"9":{', 'back\\slash\\', '\\"}', '{"list":{', '张三 ,]}', 'two\nlines', 'end\\\\'];

const list: Record<string, ReturnType<typeof contact>> = {};
tricky.forEach((name, i) => {
  list[String(i + 1)] = contact(String(i + 1), name);
});
const ids = Object.keys(list);
const head = {
  sync_version: 7,
  group: { list: ['1'], '"}': ['2'] },
  letter_index: { A: ids },
  group_letter_index: { list: { A: ['1'] }, '"}': { A: ['2'] } },
};

/** list.do as the server writes it: the head, one contact per line, the closing braces. */
function serverText(entries = ids) {
  const envelope = JSON.stringify({ code: 0, data: { ...head, list: {} } });
  const opening = envelope.slice(0, envelope.length - '{}}}'.length + 1);
  const lines = entries.map((id) => `"${id}":${JSON.stringify(list[id])}`).join(',\n');
  return `${opening}\n${lines}\n}}}`;
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

describe('list.do stream reader', () => {
  const text = serverText();

  it('is valid JSON as a whole', () => {
    expect(JSON.parse(text)).toEqual({ code: 0, data: { ...head, list } });
  });

  it('reads the head and every contact wherever the chunks are cut', () => {
    for (let cut = 1; cut < text.length; cut++) {
      const { parser, envelope } = feed(text, [cut]);
      expect(parser.head, `cut at ${cut}`).toEqual(head);
      expect(Object.fromEntries(parser.contacts), `cut at ${cut}`).toEqual(list);
      expect(envelope).toEqual({ code: 0, data: { ...head, list: {} } });
    }
  });

  it('reads the same with one character at a time', () => {
    const { parser, envelope } = feed(
      text,
      Array.from({ length: text.length - 1 }, (_, i) => i + 1),
    );
    expect(Object.fromEntries(parser.contacts)).toEqual(list);
    expect(envelope).toEqual({ code: 0, data: { ...head, list: {} } });
  });

  it('has the head at once, and the first contacts to parse, before the document ends', () => {
    const parser = new ListStreamParser();
    parser.push(text.slice(0, text.indexOf('\n"2":') + 1));
    expect(parser.head).toEqual(head);
    // Contacts are parsed when asked (between frames), not as they arrive.
    expect(parser.contacts.size).toBe(0);
    expect(parser.pending).toBe(true);
    parser.parseNext();
    expect([...parser.contacts.keys()]).toEqual(['1']);
    expect(parser.pending).toBe(false);
  });

  it('parses an error envelope, or an answer of another layout, whole at the end', () => {
    const error = feed('{"code":6001,"message":"需要验证"}', [5]);
    expect(error.parser.head).toBeNull();
    expect(error.envelope).toEqual({ code: 6001, message: '需要验证' });

    const compact = JSON.stringify({ code: 0, data: { ...head, list } });
    const other = feed(compact, [20, 200]);
    expect(other.parser.head).toBeNull();
    expect(other.envelope).toEqual({ code: 0, data: { ...head, list } });

    const pretty = JSON.stringify({ code: 0, data: { ...head, list } }, null, 2);
    expect(feed(pretty, [30]).envelope).toEqual({ code: 0, data: { ...head, list } });
  });

  it('reads an empty book, and refuses a document cut off inside the list', () => {
    const empty = feed(serverText([]), [10]);
    expect(empty.parser.head).toEqual(head);
    expect(empty.parser.contacts.size).toBe(0);
    expect(empty.envelope).toEqual({ code: 0, data: { ...head, list: {} } });

    const parser = new ListStreamParser();
    parser.push(text.slice(0, text.length - 10));
    expect(() => parser.finish()).toThrow();
  });
});
