// The transfer benches' HTTP client, in a Node process of its own. The runner imports every
// bench into one process, and once @playwright/test is loaded (the browser benches) each streamed
// request costs about three times the CPU: a 1 GiB upload's client took 1.5-1.8 s instead of
// 0.5 s, taken from the two cores the server or nginx works on. Measured here, the client costs
// the same whatever ran before it.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD_FLAG = '--transfer-client';

/**
 * Starts the client process. `putRanges` PUTs byte ranges of a file one after the other (answers
 * the response bodies); `getCounting` GETs a URL and counts its bytes (answers {bytes, etag}).
 */
export function startTransferClient() {
  const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map();
  let next = 1;
  child.on('message', (m) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error) w?.reject(new Error(m.error));
    else w?.resolve(m.result);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  exited.then((code) => {
    for (const w of waiting.values()) w.reject(new Error(`the transfer client exited (${code})`));
    waiting.clear();
  });
  const call = (op, args) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ id, op, args });
    });
  return {
    putRanges: (file, ranges) => call('put', { file, ranges }),
    getCounting: (url) => call('get', { url }),
    async close() {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}

async function serve() {
  const { closeAgent, getCounting, putRange } = await import('./transfer.mjs');
  process.on('message', async ({ id, op, args }) => {
    try {
      let result;
      if (op === 'put') {
        result = [];
        for (const r of args.ranges) result.push(await putRange(r.url, args.file, r.start, r.end));
      } else {
        result = await getCounting(args.url);
      }
      process.send({ id, result });
    } catch (err) {
      process.send({ id, error: String(err?.message ?? err) });
    }
  });
  // The parent is done: the kept-alive sockets go, and the process ends with nothing left to do.
  process.on('disconnect', closeAgent);
}

if (process.argv[2] === CHILD_FLAG) await serve();
