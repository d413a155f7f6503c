import { describe, expect, it } from 'vitest';
import { joinNoteTitle, noteRelativeTime, noteTitleText, splitNoteTitle } from './format.js';

describe('noteRelativeTime', () => {
  const now = new Date(2026, 4, 20, 15, 30, 0).getTime();
  it('says 刚刚 within a minute', () => {
    expect(noteRelativeTime(now - 59_000, now)).toBe('刚刚');
  });
  it('counts minutes under an hour', () => {
    expect(noteRelativeTime(now - 60_000, now)).toBe('1分钟前');
    expect(noteRelativeTime(now - 59 * 60_000, now)).toBe('59分钟前');
  });
  it('shows 今天 hh:mm the same day', () => {
    expect(noteRelativeTime(new Date(2026, 4, 20, 8, 5).getTime(), now)).toBe('今天 08:05');
  });
  it('shows the full date before that', () => {
    expect(noteRelativeTime(new Date(2026, 4, 19, 23, 59).getTime(), now)).toBe('2026-05-19 23:59');
  });
});

describe('note titles', () => {
  it('split and join around the separator', () => {
    const t = joinNoteTitle('周末', '采购');
    expect(splitNoteTitle(t)).toEqual(['周末', '采购']);
    expect(noteTitleText(t)).toBe('周末 采购');
    expect(splitNoteTitle('只有一段')).toEqual(['只有一段', '']);
    expect(joinNoteTitle('只有一段', '')).toBe('只有一段');
  });
});
