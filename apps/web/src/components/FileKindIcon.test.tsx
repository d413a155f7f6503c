import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FileKindIcon } from './FileKindIcon';

function classOf(name: string, folder = false): string {
  const html = renderToStaticMarkup(<FileKindIcon name={name} folder={folder} prefix="p" />);
  return /class="([^"]*)"/.exec(html)?.[1] ?? '';
}

describe('FileKindIcon', () => {
  it('tones each file by the kind of its type', () => {
    expect(classOf('clip.opus')).toContain('p--audio');
    expect(classOf('clip.ogv')).toContain('p--video');
    expect(classOf('照片.AVIF')).toContain('p--image');
    expect(classOf('a.7z')).toContain('p--archive');
    expect(classOf('报表.csv')).toContain('p--excel');
    expect(classOf('名片.vcf')).toContain('p--text');
    expect(classOf('目录', true)).toContain('p--folder');
  });

  it('leaves files of no known kind plain', () => {
    expect(classOf('app.apk').split(' ')).toContain('p');
    expect(classOf('app.apk')).not.toContain('p--');
    expect(classOf('Makefile')).not.toContain('p--');
  });
});
