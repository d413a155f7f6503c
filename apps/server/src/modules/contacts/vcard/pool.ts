import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { deserialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { cutBetweenCards } from './lines.js';
import { type MemberGroups, type PreparedCard, preparePiece } from './prepare.js';

/**
 * Only the bundled server has the worker's own file (build.mjs makes it next to main.js); run
 * from its sources (the tests), every card is prepared on this thread by the same code.
 */
const WORKER_FILE = fileURLToPath(new URL('./vcard-worker.js', import.meta.url));
/** Cards per chunk: small enough that writing starts early, large enough that handing over pays. */
const CHUNK = 500;
/** The first chunk is smaller: this thread starts writing while the others are still reading. */
const FIRST_CHUNK = 100;
/** One per core (this thread mostly waits or writes while they work), at most four. */
const WORKERS = Math.max(1, Math.min(4, availableParallelism()));

interface Reply {
  id: number;
  /** The chunk's PreparedCard[] as v8.serialize wrote it. */
  bytes?: Uint8Array;
  error?: string;
}

class PrepareThread {
  private readonly worker = new Worker(WORKER_FILE);
  private readonly pending = new Map<number, (r: Reply) => void>();
  private nextId = 1;
  dead = false;

  constructor() {
    // An idle worker does not keep the process alive; it is referenced while it has work.
    this.worker.unref();
    this.worker.on('message', (r: Reply) => {
      this.pending.get(r.id)?.(r);
      this.pending.delete(r.id);
      if (this.pending.size === 0) this.worker.unref();
    });
    const fail = (error: string) => {
      this.dead = true;
      for (const done of this.pending.values()) done({ id: 0, error });
      this.pending.clear();
    };
    this.worker.on('error', (err) => fail(err.message));
    this.worker.on('exit', (code) => fail(`import worker exited (${code})`));
  }

  /** The piece's chunk, still serialised. */
  prepare(text: string, groups: MemberGroups = {}): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      if (this.dead) return reject(new Error('import worker is gone'));
      const id = this.nextId++;
      this.pending.set(id, (r) => (r.bytes ? resolve(r.bytes) : reject(new Error(r.error))));
      this.worker.ref();
      this.worker.postMessage({ id, text, groups });
    });
  }
}

const threads: PrepareThread[] = [];
function thread(n: number): PrepareThread {
  const t = threads[n];
  if (t && !t.dead) return t;
  const fresh = new PrepareThread();
  threads[n] = fresh;
  return fresh;
}

/**
 * The cards of a file's text, prepared in chunks answered in the cards' order (indexes count
 * from the file's start). The text is cut between cards into pieces of about a chunk (the first
 * one smaller). In the bundled server, when there are more than two, every piece is handed to
 * the worker threads at once, which prepare them; this thread only waits for them in order and
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
  const jobs: Array<Promise<Uint8Array | PreparedCard[]> | string> =
    pieces.length < 3 || !existsSync(WORKER_FILE)
      ? pieces
      : pieces.map((piece, n) =>
          thread(n % WORKERS)
            .prepare(piece, groups)
            .catch(() => preparePiece(piece, groups)),
        );
  let before = 0;
  for (const job of jobs) {
    const done = typeof job === 'string' ? preparePiece(job, groups) : await job;
    const chunk = Array.isArray(done) ? done : (deserialize(done) as PreparedCard[]);
    for (const card of chunk) card.index += before;
    before += chunk.length;
    yield chunk;
  }
}

/** A small book of the usual shapes (3.0 with CJK names and every common field; 2.1 quoted-printable). */
export function warmUpBook(cards: number): string {
  const out: string[] = [];
  const surnames = ['王', '李', '张', '刘', '陈', 'Smith', 'Garcia'];
  for (let i = 0; i < cards; i++) {
    const name = `${surnames[i % surnames.length]}${i}`;
    if (i % 10 === 9) {
      const qp = Buffer.from(`${name}先生`, 'utf8').toString('hex').replace(/(..)/g, '=$1').toUpperCase();
      out.push(
        `BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:${qp};;;\r\nTEL;CELL:1380000${String(i).padStart(4, '0')}\r\nEND:VCARD`,
      );
    } else {
      // Every kind of line a phone's book holds, at least every few cards: the paths that read,
      // check and write them (groups and UIDs included) are all compiled before a first import.
      const lines = [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `UID:warm-up-${i}`,
        `FN:${name}`,
        `N:${name};;;;`,
        `TEL;TYPE=CELL:1390000${String(i).padStart(4, '0')}`,
        `EMAIL;TYPE=INTERNET:u${i}@example.com`,
        `ORG:公司${i % 7}`,
        'TITLE:工程师',
        'NOTE:warm\\, up',
      ];
      if (i % 3 === 0) lines.push(`ADR;TYPE=HOME:;;深南大道${i}号;深圳市;广东省;518000;中国`);
      if (i % 4 === 0) lines.push(`BDAY:19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 9}`);
      if (i % 5 === 0) lines.push(`URL:https://example.com/u/${i}`, `NICKNAME:小${i}`);
      if (i % 3 === 1) lines.push(`CATEGORIES:组${i % 5}`);
      lines.push('END:VCARD');
      out.push(lines.join('\r\n'));
    }
  }
  return `${out.join('\r\n')}\r\n`;
}

/**
 * Starts the import threads and runs a small book through them and through this thread, at
 * start-up: a first import would otherwise pay for starting the threads, loading their code and
 * compiling the parser (about 9x the parse, against 2.5x warm). Failures only leave them cold.
 */
export async function warmImportWorkers(): Promise<void> {
  const book = warmUpBook(600);
  for (const piece of cutBetweenCards(book, CHUNK, FIRST_CHUNK)) preparePiece(piece);
  if (!existsSync(WORKER_FILE)) return;
  await Promise.all(
    Array.from({ length: WORKERS }, (_, n) =>
      thread(n)
        .prepare(book)
        .then(() => thread(n).prepare(book))
        .catch(() => undefined),
    ),
  );
}
