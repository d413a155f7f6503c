import { describe, expect, it } from 'vitest';
import { browserShowsImage, hasThumbnail, previewKindOf } from './preview.js';

describe('preview kinds', () => {
  it('knows each kind by extension, any case', () => {
    expect(previewKindOf('海边.JPG')).toBe('image');
    expect(previewKindOf('IMG_0001.heic')).toBe('image');
    expect(previewKindOf('clip.webm')).toBe('video');
    expect(previewKindOf('录音.m4a')).toBe('audio');
    expect(previewKindOf('报告.pdf')).toBe('pdf');
    for (const n of ['a.txt', 'b.md', 'c.json', 'd.csv', 'e.ts', 'f.py', 'g.html', 'h.svg', 'i.xml']) {
      expect(previewKindOf(n), n).toBe('text');
    }
    expect(previewKindOf('archive.zip')).toBe('none');
    expect(previewKindOf('Makefile')).toBe('none');
    expect(previewKindOf('.jpg')).toBe('none');
  });

  it('offers thumbnails of images only; the viewer shows HEIC by its thumbnail', () => {
    expect(hasThumbnail('a.png')).toBe(true);
    expect(hasThumbnail('a.svg')).toBe(false);
    expect(hasThumbnail('a.txt')).toBe(false);
    expect(browserShowsImage('a.webp')).toBe(true);
    expect(browserShowsImage('a.heic')).toBe(false);
  });
});
