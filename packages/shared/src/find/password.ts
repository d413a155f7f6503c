const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

// The shared package runs in the browser and in Node without either's globals (no DOM lib):
// UTF-8 through encodeURIComponent, Base64 by table.
function utf8Bytes(text: string): number[] {
  const escaped = encodeURIComponent(text);
  const out: number[] = [];
  for (let i = 0; i < escaped.length; i++) {
    if (escaped[i] === '%') {
      out.push(Number.parseInt(escaped.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(escaped.charCodeAt(i));
  }
  return out;
}

/**
 * The wipe password travels "encoded" (spec 001 §5): Base64 of its UTF-8 bytes. It keeps the
 * password out of casual view in logs and form dumps; TLS is what protects it.
 */
export function encodeWipePassword(password: string): string {
  const bytes = utf8Bytes(password);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63];
    out += ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}

/** Undoes `encodeWipePassword`; null when the text is not such an encoding. */
export function decodeWipePassword(encoded: string): string | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  const clean = encoded.replace(/=+$/, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    value = (value << 6) | ALPHABET.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 255);
    }
  }
  try {
    return decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
  } catch {
    return null;
  }
}

/** Ring code input: anything not a digit (a space too) becomes 0. */
export function normalizeRingCode(input: string): string {
  return Array.from(input, (c) => (c >= '0' && c <= '9' ? c : '0')).join('');
}
