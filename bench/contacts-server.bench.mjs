// Issue 4, server side: a book of 10,000 contacts.
// - list.do (the whole book as the portal loads it): time and bytes against the same 10,000
//   served by Radicale (Debian's CardDAV server) as an addressbook-query REPORT.
// - vCard import of the 10,000-card file (inport.do into an empty book) against ical.js, the
//   server's vCard library, parsing the same file in this process.
import ICAL from 'ical.js';
import { benchAccount } from './support/account.mjs';
import { median, report } from './support/browser.mjs';
import { request, startRadicale } from './support/radicale.mjs';
import { startServer } from './support/server.mjs';
import { bookVcf } from './support/vcards.mjs';

// BENCH_CONTACTS runs it at another size (a smoke run); the targets are about 10,000.
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000);
const LIST_RUNS = 7;
const IMPORT_RUNS = 7;
// A server's first imports also start its worker threads and warm their code; steady state is
// what the target is about, and the first import is printed beside it.
const WARMUPS = 2;

async function importFile(client, vcf) {
  const form = new FormData();
  form.append('file', new Blob([vcf], { type: 'text/vcard' }), 'bench.vcf');
  const t0 = performance.now();
  const res = await client.fetch('/contact/inport.do', { method: 'POST', body: form });
  const env = await res.json();
  const ms = performance.now() - t0;
  if (env.code !== 0) throw new Error(`inport.do: ${env.code} ${env.message ?? ''}`);
  if (env.data.added !== CONTACTS) throw new Error(`inport.do added ${env.data.added} of ${CONTACTS}`);
  return ms;
}

/**
 * Runs `fn` WARMUPS times to warm up, then `runs` times; answers the median time, the first
 * (cold) time and the last result.
 */
async function timed(runs, fn) {
  let last = await fn(-1);
  const cold = last.ms;
  for (let i = 2; i <= WARMUPS; i++) last = await fn(-i);
  const times = [];
  for (let i = 0; i < runs; i++) {
    last = await fn(i);
    times.push(last.ms);
  }
  return { ms: median(times), cold, last };
}

export default async function contactsServerBench() {
  const vcf = bookVcf(CONTACTS);
  const server = await startServer({ SEED_DEMO: '0' });
  let radicale = null;
  try {
    // Inside the try: when Radicale cannot start, the server started above is still stopped.
    radicale = await startRadicale();
    // Import (each run into a fresh, empty book) and the parse alone, taken in turns: this
    // machine's speed drifts over seconds, and both sides of the ratio should see the same drift.
    const parse = async () => {
      const t0 = performance.now();
      const parsed = ICAL.parse(vcf);
      const ms = performance.now() - t0;
      if (parsed.length !== CONTACTS) throw new Error(`ical.js read ${parsed.length} cards`);
      return { ms };
    };
    const runImport = async (i) => {
      const { client } = await benchAccount(server, `bench-import-${i + WARMUPS + 1}`);
      return { ms: await importFile(client, vcf), client };
    };
    const parses = [];
    const imports = await timed(IMPORT_RUNS, async (i) => {
      const run = await runImport(i);
      parses.push((await parse()).ms);
      return run;
    });
    const parseCold = parses[0] ?? 0;
    const parseMs = median(parses.slice(WARMUPS));

    // The whole book: list.do of an imported account against Radicale's addressbook-query.
    const { client } = imports.last;
    const list = await timed(LIST_RUNS, async () => {
      const res = await request(`${server.url}/contact/list.do?tmp=${Math.random()}`, {
        headers: client.headers(),
      });
      const env = JSON.parse(res.body.toString('utf8'));
      if (env.code !== 0 || Object.keys(env.data.list).length !== CONTACTS)
        throw new Error('list.do did not answer the book');
      return res;
    });
    await radicale.upload(vcf);
    const dav = await timed(LIST_RUNS, async () => {
      const res = await radicale.query();
      const cards = res.body.toString('utf8').split('BEGIN:VCARD').length - 1;
      if (res.status !== 207 || cards !== CONTACTS)
        throw new Error(`radicale REPORT ${res.status} with ${cards} cards`);
      return res;
    });

    console.log(
      `  ${CONTACTS} contacts, ${(Buffer.byteLength(vcf) / 1e6).toFixed(1)} MB of vCard; medians after ${WARMUPS} warm-up runs`,
    );
    report('list.do vs Radicale addressbook-query (ms)', list.ms, dav.ms, 'ms', {
      text: '<= 0.33x (3x faster)',
      test: (r) => r <= 1 / 3,
    });
    report('list.do vs Radicale addressbook-query (bytes)', list.last.body.length, dav.last.body.length, 'B');
    report('vCard import of the file vs ical.js parsing it', imports.ms, parseMs, 'ms', {
      text: '<= 2.5x',
      test: (r) => r <= 2.5,
    });
    // Beside other busy processes (BENCH_LOAD) the issue allows the first import 6x the parse.
    const firstMax = Number(process.env.BENCH_LOAD ?? 0) > 0 ? 6 : 3;
    report('first import after start vs ical.js parsing the file', imports.cold, parseMs, 'ms', {
      text: `<= ${firstMax}x${firstMax === 6 ? ' (under BENCH_LOAD)' : ''}`,
      test: (r) => r <= firstMax,
    });
    report('first parse in this process (cold, for reference)', parseCold, parseMs, 'ms');
  } finally {
    await radicale?.stop();
    await server.stop();
  }
}
