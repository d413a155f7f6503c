import mime from 'mime';
import { describe, expect, it } from 'vitest';
import {
  AUDIO_EXTENSIONS,
  BROWSER_IMAGE_EXTENSIONS,
  previewKindOf,
  THUMB_EXTENSIONS,
  VIDEO_EXTENSIONS,
} from './drive/preview.js';
import { extensionOf } from './file-name.js';
import { contentTypeOf, fileKindOf, mediaTypeOf } from './file-types.js';

describe('file types', () => {
  it('serves the media the viewer plays with their own types, not as bytes', () => {
    expect(contentTypeOf('照片.avif')).toBe('image/avif');
    expect(contentTypeOf('clip.M4V')).toBe('video/x-m4v');
    expect(contentTypeOf('clip.ogv')).toBe('video/ogg');
    expect(contentTypeOf('voice.oga')).toBe('audio/ogg');
    expect(contentTypeOf('voice.opus')).toBe('audio/ogg');
    expect(['照片.avif', 'clip.m4v', 'clip.ogv', 'voice.oga', 'voice.opus'].map(previewKindOf)).toEqual([
      'image',
      'video',
      'video',
      'audio',
      'audio',
    ]);
  });

  it('gives every file the viewer shows in place a type of its kind', () => {
    const families: Array<[readonly string[], string]> = [
      [THUMB_EXTENSIONS, 'image/'],
      [BROWSER_IMAGE_EXTENSIONS, 'image/'],
      [VIDEO_EXTENSIONS, 'video/'],
      [AUDIO_EXTENSIONS, 'audio/'],
    ];
    for (const [extensions, family] of families) {
      for (const ext of extensions) expect(contentTypeOf(`a.${ext}`), ext).toMatch(new RegExp(`^${family}`));
    }
    expect(contentTypeOf('a.pdf')).toBe('application/pdf');
  });

  it('keeps the registered types clients expect, text as UTF-8, the unknown as bytes', () => {
    expect(contentTypeOf('名片.vcf')).toBe('text/vcard; charset=utf-8');
    expect(contentTypeOf('song.flac')).toBe('audio/flac');
    expect(contentTypeOf('日程.ics')).toBe('text/calendar; charset=utf-8');
    expect(contentTypeOf('a.txt')).toBe('text/plain; charset=utf-8');
    expect(contentTypeOf('a.docx')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(contentTypeOf('a.apk')).toBe('application/vnd.android.package-archive');
    expect(contentTypeOf('a.unknownext')).toBe('application/octet-stream');
    expect(contentTypeOf('Makefile')).toBe('application/octet-stream');
    expect(contentTypeOf('.jpg')).toBe('application/octet-stream');
    expect(mediaTypeOf('README')).toBeNull();
    expect(extensionOf('archive.tar.GZ')).toBe('gz');
  });

  // A preview sends a file of kind image, video, audio or pdf with its own type and every 'text'
  // kind as plain text; so markup and code must never be of the first four kinds.
  it('never shows markup or code in place as what it is', () => {
    const active = [
      'text/html',
      'application/xhtml+xml',
      'image/svg+xml',
      'text/javascript',
      'application/javascript',
      'application/ecmascript',
      'text/xml',
      'application/xml',
      'application/xslt+xml',
      'text/css',
      'application/x-shockwave-flash',
      'application/wasm',
    ];
    const extensions = active.flatMap((type) => [...(mime.getAllExtensions(type) ?? [])]);
    expect(extensions).toEqual(expect.arrayContaining(['html', 'htm', 'xhtml', 'svg', 'js', 'mjs', 'xml']));
    for (const ext of extensions) expect(['text', 'none'], ext).toContain(previewKindOf(`a.${ext}`));
  });

  it('sorts files into the kinds the lists show', () => {
    const kinds: Record<string, string | null> = {
      'a.JPG': 'image',
      'a.svg': 'image',
      'a.mkv': 'video',
      'a.wmv': 'video',
      'a.m4a': 'audio',
      'a.opus': 'audio',
      'a.7z': 'archive',
      'a.rar': 'archive',
      'a.pdf': 'pdf',
      'a.doc': 'word',
      'a.xlsx': 'excel',
      'a.csv': 'excel',
      'a.pptx': 'ppt',
      'a.md': 'text',
      'a.json': 'text',
      'a.vcf': 'text',
      'a.apk': null,
      Makefile: null,
    };
    for (const [name, kind] of Object.entries(kinds)) expect(fileKindOf(name), name).toBe(kind);
  });
});
