import { describe, expect, it } from 'vitest';
import { DriveMsg } from './messages.js';
import { nameError } from './validate.js';

describe('drive names', () => {
  it('applies the rules of spec §5', () => {
    expect(nameError('  ')).toBe(DriveMsg.FOLDER_NAME_EMPTY);
    for (const c of ['*', '“', '?', '<', '>', '/', ':', '／', '：']) {
      expect(nameError(`a${c}b`), c).toBe(DriveMsg.NAME_BAD_CHARS);
    }
    expect(nameError('文'.repeat(38))).toBeNull();
    expect(nameError('文'.repeat(39))).toBe(DriveMsg.NAME_TOO_LONG);
    expect(nameError('文'.repeat(39), 'file')).toBeNull();
    expect(nameError('..')).toBe(DriveMsg.NAME_RESERVED);
    expect(nameError('照片 2024 (1).jpg', 'file')).toBeNull();
  });
});
