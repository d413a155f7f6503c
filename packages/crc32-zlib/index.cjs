// buffer-crc32 1.x's interface (the default call answering a 4-byte buffer, `signed`, `unsigned`,
// a previous CRC as a number or such a buffer) over Node's own zlib.crc32, which runs in C at
// several times the speed of buffer-crc32's table loop. yazl, the server's zip writer, computes
// the CRC of every byte it stores with it: that loop was the slowest step of a large zip.
const { crc32: zlibCrc32 } = require('node:zlib');

function toBuffer(input) {
  if (Buffer.isBuffer(input)) return input;
  if (typeof input === 'number') return Buffer.alloc(input);
  if (typeof input === 'string') return Buffer.from(input);
  throw new Error(`input must be buffer, number, or string, received ${typeof input}`);
}

function unsigned(buf, previous) {
  const start = Buffer.isBuffer(previous) ? previous.readUInt32BE(0) : (previous ?? 0) >>> 0;
  const data = toBuffer(buf);
  // An empty buffer may have no memory behind it, and zlib answers its own initial value (0) for
  // a null pointer whatever the CRC so far: nothing to add, so the CRC so far is the answer.
  if (data.length === 0) return start;
  return zlibCrc32(data, start);
}

function crc32(buf, previous) {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(unsigned(buf, previous), 0);
  return out;
}
crc32.unsigned = unsigned;
crc32.signed = (buf, previous) => unsigned(buf, previous) | 0;

module.exports = crc32;
