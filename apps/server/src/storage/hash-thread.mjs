// A hashing thread of storage/hash-worker.ts: plain JavaScript, run as is from the sources and
// from dist alike (build.mjs copies it), so the tests hash on threads as the server does.
// Messages: {op:'range', job, algs, file, offset, length} · {op:'digest', job, algs} (answered
// with {job, hex: {alg: digest}} or {job, error}) · {op:'drop', job}.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

const buf = Buffer.allocUnsafe(1024 * 1024);
/** A job's digests in progress: one upload's ranges arrive in order, each hashed as it comes. */
const jobs = new Map();

function jobOf(m) {
  let j = jobs.get(m.job);
  if (!j) {
    j = { algs: m.algs, h: m.algs.map((a) => createHash(a)), error: null };
    jobs.set(m.job, j);
  }
  return j;
}

function hashRange(j, m) {
  const fd = openSync(m.file, 'r');
  try {
    for (let done = 0; done < m.length; ) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, m.length - done), m.offset + done);
      if (n === 0) throw new Error('file shorter than the range to hash');
      const chunk = buf.subarray(0, n);
      for (const h of j.h) h.update(chunk);
      done += n;
    }
  } finally {
    closeSync(fd);
  }
}

parentPort?.on('message', (m) => {
  if (m.op === 'drop') {
    jobs.delete(m.job);
    return;
  }
  const j = jobOf(m);
  if (m.op === 'range') {
    if (j.error) return;
    try {
      hashRange(j, m);
    } catch (err) {
      j.error = String(err?.message || err);
    }
    return;
  }
  jobs.delete(m.job);
  if (j.error) {
    parentPort?.postMessage({ job: m.job, error: j.error });
    return;
  }
  const hex = {};
  j.algs.forEach((a, i) => {
    hex[a] = j.h[i].digest('hex');
  });
  parentPort?.postMessage({ job: m.job, hex });
});
