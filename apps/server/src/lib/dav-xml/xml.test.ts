import { describe, expect, it } from 'vitest';
import { parseXml, XmlError } from './xml.js';

const nested = (levels: number) => `${'<a xmlns="DAV:">'.repeat(levels)}${'</a>'.repeat(levels)}`;
const hrefs = (n: number) =>
  `<multiget xmlns="DAV:">${'<href>/dav/addressbooks/u/contacts/abcdefgh-1234.vcf</href>'.repeat(n)}</multiget>`;

describe('request bodies are bounded while they are read', () => {
  it('stops at the first element past the depth limit, however deep the body', () => {
    for (const levels of [65, 10_000, 80_000]) {
      const body = nested(levels);
      const started = performance.now();
      expect(() => parseXml(body)).toThrow(XmlError);
      // Stopping at level 65 reads the first kilobyte only; reading 80,000 levels took seconds.
      expect(performance.now() - started, `${levels} levels`).toBeLessThan(50);
    }
    expect(parseXml(nested(64)).name).toBe('a');
  });

  it('refuses a body of more elements than any client sends, and reads a 10,000-card multiget', () => {
    expect(() => parseXml(hrefs(60_000))).toThrow(/too many elements/);
    expect(parseXml(hrefs(10_000)).children).toHaveLength(10_000);
  });
});
