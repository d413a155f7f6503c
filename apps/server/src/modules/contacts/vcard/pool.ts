import { deserialize } from 'node:v8';
import { WORKER_THREADS, workerEntry, workerPool } from '../../../lib/worker-pool.js';
import { cutBetweenCards } from './lines.js';
import { type MemberGroups, type PreparedCard, preparePiece } from './prepare.js';
import type { PrepareTask } from './worker.js';

/** The preparing threads' entry (worker.ts, bundled as dist/vcard-worker.js); null from the sources. */
const WORKER_FILE = workerEntry('vcard-worker');
/** Cards per chunk: small enough that writing starts early, large enough that handing over pays. */
const CHUNK = 500;
/** The first chunk is smaller: this thread starts writing while the others are still reading. */
const FIRST_CHUNK = 100;

/** The piece's chunk, still serialised, prepared on a pool thread; `warmUp` for the start-up's pieces (see worker.ts). */
function prepareOnThread(
  file: string,
  text: string,
  groups: MemberGroups = {},
  warmUp = false,
): Promise<Uint8Array> {
  const task: PrepareTask = { text, groups, warmUp };
  return workerPool().run(task, { filename: file }) as Promise<Uint8Array>;
}

/**
 * The cards of a file's text, prepared in chunks answered in the cards' order (indexes count
 * from the file's start). The text is cut between cards into pieces of about a chunk (the first
 * one smaller). In the bundled server, when there are more than two, every piece is queued on
 * the worker pool at once, whose threads prepare them; this thread only waits for them in order and
 * spends the time writing the chunks already back (see import.ts), so reading and writing
 * overlap, and this thread, which serves every other request, never parses a card of a large
 * import.
 */
export async function* preparedChunks(
  text: string,
  groups: MemberGroups = {},
): AsyncGenerator<PreparedCard[]> {
  const pieces = cutBetweenCards(text, CHUNK, FIRST_CHUNK);
  // A worker that fails has its piece done here: the import does not depend on it. Chunks stay
  // serialised until their turn: the workers are usually ahead, and a whole file's cards held as
  // objects would be copied from young to old space by every collection while they wait.
  const file = WORKER_FILE;
  const jobs: Array<Promise<Uint8Array | PreparedCard[]> | string> =
    pieces.length < 3 || !file
      ? pieces
      : pieces.map((piece) => prepareOnThread(file, piece, groups).catch(() => preparePiece(piece, groups)));
  let before = 0;
  for (const job of jobs) {
    const done = typeof job === 'string' ? preparePiece(job, groups) : await job;
    const chunk = Array.isArray(done) ? done : (deserialize(done) as PreparedCard[]);
    for (const card of chunk) card.index += before;
    before += chunk.length;
    yield chunk;
  }
}

// The warm-up book's names: the hundred and more most common surnames, some with several readings
// (曾, 单, 乐, 解, 查, 区, 仇, 缪) and a few of two characters, and common given-name characters,
// so that each thread has read most characters a book's names are made of (nameSpell keeps each
// character's reading) and both ways a name is spelled (per character, and pinyin-pro's whole
// pass) are compiled for the shapes real names give them; and Latin names of two words.
const WARM_SURNAMES = [
  ...[
    ...'王李张刘陈杨黄赵吴周徐孙马胡朱郭何罗高林郑梁谢唐许冯宋韩邓彭曹曾田肖董潘袁蔡蒋余于杜叶程魏苏吕丁任卢姚沈钟姜崔谭陆范汪廖石金韦贾夏付方邹熊白孟秦邱侯江尹薛闫段雷龙黎史陶贺毛郝顾龚邵万覃武钱戴严欧莫孔向常汤康易乔赖文施洪辛柯庄单解乐查区朴仇缪',
  ],
  '欧阳',
  '司马',
  '诸葛',
  '上官',
];
const WARM_GIVEN = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍鹏辉建红晓宇浩然欣怡子轩梓涵一诺雨桐思远嘉豪俊文博天佑志国海波春梅丹婷雪琳晨阳佳慧颖琪鑫淑珍凤芬燕飞龙斌亮峰昊睿泽瑞凯锦欢长乐重行朝和少',
];
const WARM_FIRST = [
  'Anna',
  'Ben',
  'Chloe',
  'David',
  'Emma',
  'Frank',
  'Grace',
  'Henry',
  'Iris',
  'Jack',
  'Kate',
  'Leo',
];
const WARM_LAST = ['Smith', 'Garcia', 'Brown', 'Lee', 'Wilson', 'Young', 'Taylor', 'Clark', 'Walker', 'King'];
const WARM_PHONE_TYPES = ['CELL', 'WORK', 'HOME'];
const WARM_GROUPS = ['家人', '同事', '好友', '客户', '工作', 'VIP'];
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/**
 * A book of the shapes real ones have, for the start-up warm-up: vCard 3.0 cards with CJK and
 * Latin names, one to three phones, and at least every few cards each other common line (UID,
 * e-mail, company and title, address, birthday, note, nickname, website, one or two categories);
 * and runs of 2.1 cards with a quoted-printable name, a tenth of the book. Runs, as a phone's
 * export is of one version: a 2.1 card in every few cards sent every piece the card-by-card way,
 * and the one-pass way of plain 3.0 files was first run by the first import. Every card differs
 * (its phone numbers), so an import keeps them all.
 */
export function warmUpBook(cards: number): string {
  const out: string[] = [];
  for (let i = 0; i < cards; i++) {
    const phone = (k: number) => `13${String(i * 3 + k).padStart(9, '0')}`;
    if (i % 250 >= 225) {
      const name = `${pick(WARM_SURNAMES, i * 7)}${pick(WARM_GIVEN, i * 11)}先生`;
      const qp = Buffer.from(name, 'utf8').toString('hex').replace(/(..)/g, '=$1').toUpperCase();
      out.push(
        `BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:${qp};;;\r\nTEL;CELL:${phone(0)}\r\nEND:VCARD`,
      );
      continue;
    }
    const lines = ['BEGIN:VCARD', 'VERSION:3.0', `UID:warm-up-${i}`];
    if (i % 6 === 5) {
      const first = pick(WARM_FIRST, i * 5);
      const last = pick(WARM_LAST, i * 3);
      lines.push(`FN:${first} ${last}`, `N:${last};${first};;;`);
    } else {
      const family = pick(WARM_SURNAMES, i * 7);
      const given = pick(WARM_GIVEN, i * 11) + (i % 5 < 3 ? pick(WARM_GIVEN, i * 13 + 5) : '');
      lines.push(`FN:${family}${given}`, `N:${family};${given};;;`);
    }
    const phones = 1 + ((i * 7) % 5 === 0 ? 2 : (i * 3) % 4 === 0 ? 1 : 0);
    for (let k = 0; k < phones; k++) lines.push(`TEL;TYPE=${WARM_PHONE_TYPES[k]}:${phone(k)}`);
    if (i % 5 < 3) lines.push(`EMAIL;TYPE=INTERNET:u${i}@example.com`);
    if (i % 5 === 1 || i % 7 === 2) lines.push(`ORG:公司${i % 7}`, `TITLE:${i % 2 ? '工程师' : 'Designer'}`);
    if (i % 3 === 0) lines.push(`ADR;TYPE=HOME:;;深南大道${i}号;深圳市;广东省;518000;中国`);
    if (i % 4 === 0) lines.push(`BDAY:19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 9}`);
    if (i % 7 === 3) lines.push(`NOTE:第${i}位\\, 周末可联系`);
    if (i % 8 === 1) lines.push(`NICKNAME:小${pick(WARM_GIVEN, i)}`);
    if (i % 9 === 4) lines.push(`URL:https://example.com/u/${i}`);
    if (i % 3 === 1)
      lines.push(`CATEGORIES:${pick(WARM_GROUPS, i)}${i % 9 === 7 ? `,${pick(WARM_GROUPS, i + 2)}` : ''}`);
    lines.push('END:VCARD');
    out.push(lines.join('\r\n'));
  }
  return `${out.join('\r\n')}\r\n`;
}

/**
 * Cards each import thread reads at start-up. V8 optimises the reading code only after it has
 * read a few thousand cards: after 2,300 cards of the earlier warm-up, 40-60 functions were still
 * compiled (again) during the first import of 10,000 cards, on the threads the import's own share
 * the cores with.
 */
const WARM_CARDS_PER_THREAD = 5_000;
/** Cards this thread reads at start-up: it prepares the cards of small files itself. */
const WARM_CARDS_HERE = 600;

/**
 * Starts the pool's threads and runs a book through each, in pieces as an import cuts them, and
 * a small one through this thread, at start-up: a first import would otherwise pay for starting
 * the threads, loading their code and compiling the reader. One piece per thread is out at a
 * time (the pool hands each to an idle thread, so every thread reads about a book), the next sent
 * when it answered: sent all at once, a thread's functions grew hot in a burst, and V8 keeps at
 * most 8 optimisations per thread waiting for its compiler threads and drops the others (over 300
 * dropped during the start-up, left to the first import). Failures only leave them cold.
 */
export async function warmImportWorkers(): Promise<void> {
  const pieces = cutBetweenCards(warmUpBook(WARM_CARDS_PER_THREAD), CHUNK, FIRST_CHUNK);
  for (const piece of cutBetweenCards(warmUpBook(WARM_CARDS_HERE), CHUNK, FIRST_CHUNK)) preparePiece(piece);
  const file = WORKER_FILE;
  if (!file) return;
  await Promise.all(
    Array.from({ length: WORKER_THREADS }, async () => {
      try {
        for (const piece of pieces) await prepareOnThread(file, piece, {}, true);
      } catch {
        // A thread that failed is replaced by the pool; the next import starts it.
      }
    }),
  );
}
