import { describe, expect, it } from 'vitest';
import type { DriveItem } from '../types';
import { step, stepZoom, turn, viewerKey, viewerSet } from './viewer-state';

const item = (id: string, name: string, type: 'file' | 'folder' = 'file'): DriveItem => ({
  id,
  name,
  type,
  size: 1,
  mtime: 0,
});

describe('file viewer rules', () => {
  const list = [
    item('1', '照片', 'folder'),
    item('2', 'a.jpg'),
    item('3', 'notes.txt'),
    item('4', 'b.PNG'),
    item('5', 'c.heic'),
    item('6', 'clip.mp4'),
  ];

  it('steps through the folder images only, in list order, and a non-image alone', () => {
    expect(viewerSet(list, list[1] as DriveItem).map((i) => i.id)).toEqual(['2', '4', '5']);
    expect(viewerSet(list, list[2] as DriveItem).map((i) => i.id)).toEqual(['3']);
    expect(viewerSet(list, list[5] as DriveItem).map((i) => i.id)).toEqual(['6']);
    expect(step(0, 3, -1)).toBe(0);
    expect(step(0, 3, 1)).toBe(1);
    expect(step(2, 3, 1)).toBe(2);
  });

  it('zooms by steps within bounds and turns by quarter turns', () => {
    expect(stepZoom(1, 1)).toBe(1.5);
    expect(stepZoom(1, -1)).toBe(0.75);
    expect(stepZoom(6, 1)).toBe(6);
    expect(stepZoom(0.25, -1)).toBe(0.25);
    expect(turn(0)).toBe(90);
    expect(turn(270)).toBe(0);
    expect(turn(0, -1)).toBe(270);
  });

  it('maps the keyboard', () => {
    expect(viewerKey('ArrowLeft')).toBe('prev');
    expect(viewerKey('ArrowRight')).toBe('next');
    expect(viewerKey('+')).toBe('zoom-in');
    expect(viewerKey('-')).toBe('zoom-out');
    expect(viewerKey('r')).toBe('rotate');
    expect(viewerKey('Escape')).toBe('close');
    expect(viewerKey('a')).toBeNull();
  });
});
