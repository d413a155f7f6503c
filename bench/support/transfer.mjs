// Streaming HTTP client code shared by both sides of the transfer benchmark, and the test file.
import { createCipheriv, createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import http from 'node:http';

const CHUNK = 8 * 1024 * 1024;
const READ_CHUNK = 1024 * 1024;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * Writes `size` deterministic, incompressible bytes (AES-256-CTR of zeros under a fixed key)
 * and answers their SHA-256; only one chunk is in memory at a time.
 */
export function writeTestFile(file, size) {
  const cipher = createCipheriv('aes-256-ctr', Buffer.alloc(32, 7), Buffer.alloc(16, 0));
  const hash = createHash('sha256');
  const zeros = Buffer.alloc(CHUNK);
  const fd = openSync(file, 'w');
  try {
    for (let done = 0; done < size; done += CHUNK) {
      const out = cipher.update(zeros.subarray(0, Math.min(CHUNK, size - done)));
      hash.update(out);
      writeSync(fd, out);
    }
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** PUTs bytes [start, end] of a file, streamed from disk; answers the response body. */
export function putRange(url, file, start, end, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'PUT',
      agent,
      headers: { 'content-type': 'application/octet-stream', 'content-length': end - start + 1, ...headers },
    });
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        if (res.statusCode >= 300) reject(new Error(`PUT ${res.statusCode}: ${body.slice(0, 200)}`));
        else resolve(body);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    const src = createReadStream(file, { start, end, highWaterMark: READ_CHUNK });
    src.on('error', reject);
    src.pipe(req);
  });
}

/** GETs a URL and counts the bytes without keeping them; answers {bytes, etag}. */
export function getCounting(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET ${res.statusCode}`));
          return;
        }
        let bytes = 0;
        res.on('data', (c) => {
          bytes += c.length;
        });
        res.on('end', () => resolve({ bytes, etag: res.headers.etag }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export function closeAgent() {
  agent.destroy();
}
