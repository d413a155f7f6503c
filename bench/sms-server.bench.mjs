// Issue 10, server side: a box of 200,000 messages in 2,000 conversations (one of 10,000).
// - search.do for a two-character Chinese word and for a Latin word, against `grep -c -F` over
//   the same bodies as a text file (one message a line).
// - list.do and detail.do (the 10,000-message conversation's newest page): times.
// - The operator import (`admin sms import`) of the 200,000-message SMS Backup & Restore file,
//   against saxes (the import's XML parser) reading the same file alone: the import's own time
//   (what the command prints) for the target, the whole command's beside it; the import
//   process's peak memory.
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { benchAccount } from './support/account.mjs';
import { median, report } from './support/browser.mjs';
import { startServer } from './support/server.mjs';
import { BIG, BIG_ADDRESS, CONVERSATIONS, importFile, MESSAGES, writeBox } from './support/sms-box.mjs';

const RUNS = 9;
const CHINESE_WORD = '快递';
const LATIN_WORD = 'meeting';

/** saxes alone over the file, streamed the way the import reads it. */
async function parseAlone(file) {
  const t0 = performance.now();
  const parser = new SaxesParser({ xmlns: false, position: true });
  let n = 0;
  parser.on('opentag', (tag) => {
    if (tag.name === 'sms') n++;
  });
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024, encoding: 'utf8' }))
    parser.write(chunk);
  parser.close();
  if (n !== MESSAGES) throw new Error(`saxes read ${n} entries`);
  return performance.now() - t0;
}

async function timed(runs, fn) {
  const cold = await fn();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await fn());
  return { ms: median(times), cold };
}

function grepMs(word, file) {
  const t0 = performance.now();
  const res = spawnSync('grep', ['-c', '-F', word, file], { encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (res.status !== 0) throw new Error(`grep: ${res.stderr}`);
  return { ms, count: Number(res.stdout.trim()) };
}

export default async function smsServerBench() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-bench-sms-'));
  const server = await startServer({ SEED_DEMO: '0' });
  try {
    const { xmlPath, txtPath } = await writeBox(dir);
    const { client } = await benchAccount(server, 'benchsms');
    const parses = [];
    for (let i = 0; i < 3; i++) parses.push(await parseAlone(xmlPath));
    const imported = await importFile(server, 'benchsms', xmlPath);
    parses.push(await parseAlone(xmlPath));
    const parseMs = median(parses);
    const again = await importFile(server, 'benchsms', xmlPath);

    const post = async (pathname, form) => {
      const t0 = performance.now();
      const res = await client.fetch(pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
      const env = await res.json();
      const ms = performance.now() - t0;
      if (env.code !== 0) throw new Error(`${pathname}: ${env.code} ${env.message ?? ''}`);
      return { ms, data: env.data };
    };
    const list = await timed(RUNS, async () => {
      const t0 = performance.now();
      const env = await (await client.fetch(`/sms/list.do?tmp=${Math.random()}`)).json();
      if (env.data.collection_list.length !== CONVERSATIONS)
        throw new Error('list.do did not answer the box');
      return performance.now() - t0;
    });
    const detail = await timed(RUNS, async () => {
      const r = await post('/sms/detail.do', { format_address: BIG_ADDRESS });
      if (r.data.count !== BIG) throw new Error('detail.do did not answer the conversation');
      return r.ms;
    });

    const searches = [];
    for (const word of [CHINESE_WORD, LATIN_WORD]) {
      const expected = grepMs(word, txtPath).count;
      const server = await timed(RUNS, async () => {
        const r = await post('/sms/search.do', { query: word });
        if (r.data.body_total !== expected)
          throw new Error(`search.do found ${r.data.body_total}, grep ${expected}`);
        return r.ms;
      });
      const grep = median(Array.from({ length: RUNS }, () => grepMs(word, txtPath).ms));
      searches.push({ word, expected, server, grep });
    }

    const mb = (readFileSync(xmlPath).length / 1e6).toFixed(1);
    console.log(
      `  ${MESSAGES} messages in ${CONVERSATIONS} conversations (one of ${BIG}); backup file ${mb} MB`,
    );
    console.log(`  import: ${imported.out}`);
    console.log(`  again:  ${again.out}`);
    report(
      'import of the file (admin sms import, its own time) vs saxes parsing it alone',
      imported.ownMs,
      parseMs,
      'ms',
      {
        text: '<= 3x',
        test: (r) => r <= 3,
      },
    );
    report(
      'the whole command (node start-up, opening the database, import) vs the parse',
      imported.ms,
      parseMs,
      'ms',
    );
    console.log(`import peak memory (VmHWM of the import process): ${imported.peakMb.toFixed(0)} MB`);
    console.log(`second import of the same file (adds nothing): ${again.ms.toFixed(0)} ms`);
    for (const s of searches) {
      report(`search.do '${s.word}' (${s.expected} hits) vs grep -c -F`, s.server.ms, s.grep, 'ms', {
        text: '<= 2x',
        test: (r) => r <= 2,
      });
      console.log(
        `  first search.do '${s.word}' after the import (builds what it needs): ${s.server.cold.toFixed(1)} ms`,
      );
    }
    console.log(
      `list.do of ${CONVERSATIONS} conversations: ${list.ms.toFixed(1)} ms (first ${list.cold.toFixed(1)} ms)`,
    );
    console.log(
      `detail.do of the ${BIG}-message conversation (newest page): ${detail.ms.toFixed(1)} ms (first ${detail.cold.toFixed(1)} ms)`,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
