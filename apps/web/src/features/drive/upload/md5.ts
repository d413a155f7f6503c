import { HASH_CHUNK_BYTES } from '@phonecloud/shared';
import { createMD5 } from 'hash-wasm';

function readChunk(blob: Blob, start: number): Promise<ArrayBuffer> {
  return blob.slice(start, start + HASH_CHUNK_BYTES).arrayBuffer();
}

/**
 * Reads in flight at once. Each Blob read is a round trip to the browser's blob store that costs
 * more than hashing its 200 KB, so a few overlapping reads keep the hasher busy (bench:
 * drive-md5); eight chunks are 1.6 MB of memory at most.
 */
const READ_AHEAD = 8;

/**
 * MD5 (hex) of a blob read in chunks of 204800 bytes (spec 000 §9), never the whole file at once:
 * a 4 GB file must not sit in memory. hash-wasm's WebAssembly MD5 does the hashing; the chunks
 * are read ahead while earlier ones hash, and hashed strictly in order.
 */
export async function md5OfBlob(
  blob: Blob,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const hasher = await createMD5();
  hasher.init();
  const pending: Promise<ArrayBuffer>[] = [];
  let nextRead = 0;
  const fill = () => {
    while (pending.length < READ_AHEAD && nextRead < blob.size) {
      pending.push(readChunk(blob, nextRead));
      nextRead += HASH_CHUNK_BYTES;
    }
  };
  fill();
  let hashed = 0;
  while (pending.length > 0) {
    const chunk = await (pending.shift() as Promise<ArrayBuffer>);
    signal?.throwIfAborted();
    fill();
    hasher.update(new Uint8Array(chunk));
    hashed += chunk.byteLength;
    onProgress?.(hashed / blob.size);
  }
  return hasher.digest('hex');
}
