import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from '../incoming.js';
import { readBackup } from './xml-read.js';

async function read(chunks: string[]) {
  const got: IncomingMessage[] = [];
  const broken: string[] = [];
  await readBackup(Readable.from(chunks.map((c) => Buffer.from(c))), {
    async onBatch(b) {
      got.push(...b);
    },
    onBroken: (e) => broken.push(e.reason),
  });
  return { bodies: got.map((m) => m.body), broken };
}

describe('the backup reader', () => {
  const xml = '<smses><sms address="1" date="1" type="1" body="A&#55357;&#56832;B & C&amp;D" /></smses>';

  it('repairs emoji written as two references and bare ampersands, wherever the chunks are cut', async () => {
    for (let cut = 1; cut < xml.length; cut++) {
      const { bodies, broken } = await read([xml.slice(0, cut), xml.slice(cut)]);
      expect(broken, `cut at ${cut}`).toEqual([]);
      expect(bodies, `cut at ${cut}`).toEqual(['A😀B & C&D']);
    }
  });

  it('reads a file cut in the middle of a UTF-8 character', async () => {
    const bytes = Buffer.from('<smses><sms address="1" date="1" type="1" body="短信" /></smses>');
    const got: string[] = [];
    await readBackup(Readable.from([bytes.subarray(0, 50), bytes.subarray(50)]), {
      async onBatch(b) {
        got.push(...b.map((m) => m.body));
      },
      onBroken() {},
    });
    expect(got).toEqual(['短信']);
  });

  it('hands a batch over once its pictures reach the byte limit, whatever the count', async () => {
    const picture = Buffer.alloc(1000, 7).toString('base64');
    const mms = (i: number) =>
      `<mms date="${i + 1}" msg_box="1" address="1"><parts><part ct="image/png" data="${picture}" /></parts></mms>`;
    const sizes: number[] = [];
    await readBackup(
      Readable.from(['<smses>', mms(0), mms(1), mms(2), mms(3), '</smses>'].map((c) => Buffer.from(c))),
      {
        batchSize: 1000,
        batchBytes: 1500,
        async onBatch(b) {
          sizes.push(b.length);
        },
        onBroken() {},
      },
    );
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(4);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2);
  });
});
