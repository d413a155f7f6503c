import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type PhotosState, PhotosStateFile } from './state.js';

const dirs: string[] = [];
function fresh() {
  const dir = mkdtempSync(path.join(tmpdir(), 'photos-state-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const entry = (sha256: string, confirmed = false) => ({ size: 10, mtime: 1, sha256, confirmed });

describe('the photos backup state', () => {
  it('finds every noted change after a kill, without the snapshot written again', () => {
    const dir = fresh();
    const file = new PhotosStateFile(dir);
    const state: PhotosState = { folder: '/roll', files: { 'a.jpg': entry('a'), 'b.jpg': entry('b') } };
    file.write(state);
    state.files['a.jpg'] = { ...entry('a'), upload_id: 'u1' };
    file.note(state, 'a.jpg');
    state.files['b.jpg'] = entry('b', true);
    file.note(state, 'b.jpg');
    delete state.files['a.jpg'];
    file.note(state, 'a.jpg');
    // A line cut short by the kill is left out.
    appendFileSync(path.join(dir, 'photos-state.1.log'), '["c.jpg",{"size"');

    const again = new PhotosStateFile(dir).read('/roll');
    expect(again.files).toEqual({ 'b.jpg': entry('b', true) });
    expect(new PhotosStateFile(dir).read('/other').files).toEqual({});
  });

  it('folds the journal into a new snapshot and never reads the old journal again', () => {
    const dir = fresh();
    const file = new PhotosStateFile(dir);
    const state: PhotosState = { folder: '/roll', files: { 'a.jpg': { ...entry('a'), upload_id: 'u1' } } };
    file.write(state);
    file.note(state, 'a.jpg');
    state.files['a.jpg'] = entry('a', true);
    file.write(state);
    expect(readdirSync(dir).sort()).toEqual(['photos-state.json']);
    // A journal a kill left between a fold's rename and its removal names an older snapshot.
    appendFileSync(path.join(dir, 'photos-state.1.log'), `${JSON.stringify(['a.jpg', entry('a')])}\n`);
    expect(new PhotosStateFile(dir).read('/roll').files['a.jpg']?.confirmed).toBe(true);
  });

  it('keeps the journal short: it is folded after 500 changes', () => {
    const dir = fresh();
    const file = new PhotosStateFile(dir);
    const state: PhotosState = { folder: '/roll', files: {} };
    file.write(state);
    for (let i = 0; i < 1200; i++) {
      state.files[`${i}.jpg`] = entry(String(i), true);
      file.note(state, `${i}.jpg`);
    }
    const logs = readdirSync(dir).filter((n) => n.endsWith('.log'));
    expect(logs).toHaveLength(1);
    expect(Object.keys(new PhotosStateFile(dir).read('/roll').files)).toHaveLength(1200);
  });
});
