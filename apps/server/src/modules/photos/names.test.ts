import { describe, expect, it } from 'vitest';
import { safeName, uniqueIn } from './names.js';

describe('zip names', () => {
  it('makes a second name unique, in any case, at the top or in a folder', () => {
    const taken = new Set<string>();
    expect(uniqueIn(taken, '', 'IMG_1.JPG')).toBe('IMG_1.JPG');
    expect(uniqueIn(taken, '', 'img_1.jpg')).toBe('img_1 (2).jpg');
    expect(uniqueIn(taken, '', 'IMG_1.JPG')).toBe('IMG_1 (3).JPG');
    expect(uniqueIn(taken, '2024/05', 'IMG_1.JPG')).toBe('2024/05/IMG_1.JPG');
    expect(uniqueIn(taken, '', 'README')).toBe('README');
    expect(uniqueIn(taken, '', 'README')).toBe('README (2)');
  });

  it('keeps a name one name', () => {
    expect(safeName('a/b\\c.jpg')).toBe('a_b_c.jpg');
    expect(safeName('..')).toBe('_');
    expect(safeName('')).toBe('photo');
  });
});
