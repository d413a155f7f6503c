import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { antdImports, cutAntdCss, prefixesFor } from './antd-css';

const SRC = path.resolve(import.meta.dirname, '../src');

describe('the static antd CSS the portal ships', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("reads the names imported from 'antd', leaving out types and tests", () => {
    dir = mkdtempSync(path.join(tmpdir(), 'antd-css-'));
    mkdirSync(path.join(dir, 'a'));
    writeFileSync(
      path.join(dir, 'a', 'X.tsx'),
      "import { Button, type ButtonProps, Modal as Dialog } from 'antd';\nimport type { TabsProps } from 'antd';\n",
    );
    writeFileSync(path.join(dir, 'a', 'X.test.tsx'), "import { Table } from 'antd';\n");
    expect([...antdImports(dir)].sort()).toEqual(['Button', 'Modal']);
  });

  it('knows the CSS of every antd component the portal imports', () => {
    const prefixes = prefixesFor(antdImports(SRC));
    expect(prefixes.has('btn')).toBe(true);
    expect(prefixes.has('modal')).toBe(true);
    expect(() => prefixesFor(['Cascader'])).toThrow(/Cascader/);
  });

  it('keeps the rules of kept components, plain element rules and keyframes; drops the rest', () => {
    const css = [
      '.ant-btn{color:red}',
      '.ant-picker{color:blue}',
      'a:hover{color:var(--ant-color-link-hover)}',
      '.css-var-_R_0_{--ant-color-primary:#1677ff}',
      '@media (min-width: 576px){.ant-col-sm-1{width:4%}.ant-btn-lg{height:40px}}',
      '@media (min-width: 768px){.ant-picker-wide{width:9px}}',
      '@keyframes antZoomIn{0%{opacity:0}100%{opacity:1}}',
      '.ant-picker .ant-btn,.ant-btn-icon{margin:0}',
    ].join('');
    const out = cutAntdCss(css, new Set(['btn']));
    expect(out).toContain('.ant-btn{color:red}');
    expect(out).toContain('a:hover');
    expect(out).toContain('.ant-btn-lg{height:40px}');
    expect(out).toContain('@keyframes antZoomIn');
    // A rule one of whose selectors starts in a kept component stays whole.
    expect(out).toContain('.ant-picker .ant-btn,.ant-btn-icon');
    expect(out).not.toContain('.ant-picker{');
    expect(out).not.toContain('.css-var-_R_0_');
    expect(out).not.toContain('.ant-col-sm-1');
    expect(out).not.toContain('min-width: 768px');
  });

  it("cuts antd's own file to well under half", () => {
    const file = createRequire(import.meta.url).resolve('antd/dist/antd.css');
    const whole = readFileSync(file, 'utf8');
    const cut = cutAntdCss(whole, prefixesFor(antdImports(SRC)));
    expect(cut.length).toBeLessThan(whole.length / 2);
    expect(cut).toContain('.ant-tabs');
    expect(cut).not.toContain('.ant-cascader');
  });
});
