import { NoteApi, NoteMode, type NoteRecycleList } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notesModule } from '../src/modules/notes/module.js';
import { verifiedClient } from './support/accounts.js';
import { closeServer } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { noteList, startNotesServer } from './support/notes.js';
import type { TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('notes: the demo account [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startNotesServer(dialect);
  });
  afterAll(() => closeServer(server));

  it('gets 40+ notes in four colours with checklists, pictures, a recording, two boards and two in the bin', async () => {
    const { client, user } = await verifiedClient(server);
    await notesModule.seedDemo?.(server.deps, user.id);
    const list = await noteList(client);
    const notes = Object.values(list.list);
    expect(notes.length).toBeGreaterThanOrEqual(40);
    expect(new Set(notes.map((n) => n.classify))).toEqual(new Set([0, 1, 2, 3]));
    expect(notes.some((n) => n.mode === NoteMode.UNCHECKED)).toBe(true);
    const blocks = notes.flatMap((n) => n.content);
    const images = blocks.filter((b) => b.type === 'image');
    const records = blocks.filter((b) => b.type === 'record');
    expect(images.length).toBeGreaterThanOrEqual(5);
    expect(records).toHaveLength(1);
    // The files are really there: a picture and a playable WAV.
    const img = await client.raw(images[0]?.content ?? '');
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    const wav = Buffer.from(
      await (await client.raw(records[0]?.type === 'record' ? records[0].link : '')).arrayBuffer(),
    );
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('latin1')).toBe('WAVE');

    const boards = Object.values(list.viewBlackBoard);
    expect(boards).toHaveLength(2);
    for (const b of boards) expect(Object.keys(b.member_list).length).toBeGreaterThan(0);
    const bin = (await client.get<NoteRecycleList>(NoteApi.recycleList)).data;
    expect(bin?.note_ids).toHaveLength(2);
    // Times spread: some today, most earlier.
    const days = new Set(notes.map((n) => new Date(n.modified_date).toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(10);
  });
});
