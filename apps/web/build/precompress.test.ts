import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressedCopies, precompress } from './precompress';

// The two hooks as the build calls them; vite's own types allow an object form this plugin has not.
type Hooks = {
  configResolved: (config: { root: string; build: { outDir: string } }) => void;
  writeBundle: (options: object, bundle: Record<string, unknown>) => Promise<void>;
};

describe('precompress', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('makes Brotli and gzip copies that give the same bytes back', async () => {
    const bytes = Buffer.from(`export const name = ${JSON.stringify('通讯录'.repeat(2000))};\n`);
    const { br, gz } = await compressedCopies(bytes);
    expect(brotliDecompressSync(br).equals(bytes)).toBe(true);
    expect(gunzipSync(gz).equals(bytes)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
  });

  it("writes them beside the build's scripts and styles, not beside small files or pages", async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'pc-precompress-'));
    dirs.push(root);
    const out = path.join(root, 'dist');
    mkdirSync(path.join(out, 'assets'), { recursive: true });
    const big = 'a{color:red}'.repeat(200);
    const files: Record<string, string> = {
      'assets/portal-abc.js': `console.log(${JSON.stringify('短信'.repeat(600))});`,
      'assets/portal-abc.css': big,
      'assets/tiny-abc.js': 'export {};',
      'assets/logo-abc.png': big,
      'index.html': big,
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(out, name), text);
    const plugin = precompress() as unknown as Hooks;
    plugin.configResolved({ root, build: { outDir: 'dist' } });
    await plugin.writeBundle({}, Object.fromEntries(Object.keys(files).map((name) => [name, {}])));

    for (const name of ['assets/portal-abc.js', 'assets/portal-abc.css']) {
      const file = path.join(out, name);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(files[name]);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(files[name]);
    }
    for (const name of ['assets/tiny-abc.js', 'assets/logo-abc.png', 'index.html']) {
      expect(existsSync(path.join(out, `${name}.br`))).toBe(false);
      expect(existsSync(path.join(out, `${name}.gz`))).toBe(false);
    }
  });
});
