import { type NoteBlock, NoteBlockType, NoteMode } from '@phonecloud/shared';
import sharp from 'sharp';
import type { AppDeps } from '../../http/context.js';
import { BoardService } from './boards.js';
import { DEMO_BOARDS, DEMO_NOTES, DEMO_RECYCLED, type DemoNote } from './demo-data.js';
import { filePath } from './doc.js';
import { NoteFiles } from './files.js';
import { NotesRepo } from './repo.js';
import { NotesService } from './service.js';

const HOUR_MS = 60 * 60_000;

/** A picture for a demo note: a colour field with a lighter band, as a phone photo would be. */
async function demoImage(colour: string, i: number): Promise<Buffer> {
  const band = Buffer.from(
    `<svg width="640" height="480"><rect width="640" height="480" fill="${colour}"/>` +
      `<circle cx="${160 + ((i * 37) % 320)}" cy="200" r="90" fill="#ffffff" fill-opacity="0.35"/>` +
      '<rect y="380" width="640" height="100" fill="#000000" fill-opacity="0.15"/></svg>',
  );
  return sharp(band).jpeg({ quality: 80 }).toBuffer();
}

/** A short valid WAV (PCM 16-bit mono, 8 kHz): two seconds of a soft falling tone. */
export function demoWav(seconds = 2, rate = 8000): Buffer {
  const samples = seconds * rate;
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const fade = Math.min(1, t * 10, (seconds - t) * 10);
    const v = Math.sin(2 * Math.PI * (440 - 80 * t) * t) * 0.3 * fade;
    buf.writeInt16LE(Math.round(v * 32767), 44 + i * 2);
  }
  return buf;
}

function blocks(note: DemoNote): NoteBlock[] {
  return note.lines.map((line) => {
    const checked = line.startsWith('[x] ');
    const item = checked || line.startsWith('[ ] ');
    const mode = item ? (checked ? NoteMode.CHECKED : NoteMode.UNCHECKED) : NoteMode.PLAIN;
    return { type: NoteBlockType.TEXT, content: item ? line.slice(4) : line, mode, checked: checked ? 1 : 0 };
  });
}

/**
 * The demo account's notes: 42 in the four colours (checklists, pictures, one recording), two
 * boards with notes placed on them, two notes in the recycle bin. Times spread over past weeks.
 */
export async function seedNotes(deps: AppDeps, userId: number): Promise<void> {
  const notes = new NotesService(deps);
  const files = new NoteFiles(deps);
  const boards = new BoardService(deps);
  const now = deps.clock.now();
  const save = async (note: DemoNote, i: number) => {
    const content = blocks(note);
    if (note.image) {
      const key = await files.store(
        userId,
        'image',
        `photo-${i + 1}.jpg`,
        await demoImage(note.image, i),
        'image/jpeg',
      );
      content.push({ type: NoteBlockType.IMAGE, content: filePath(key) });
    }
    if (note.record) {
      const key = await files.store(userId, 'record', '语音备忘.wav', demoWav(), 'audio/wav');
      content.push({ type: NoteBlockType.RECORD, content: '语音备忘.wav', link: filePath(key), duration: 2 });
    }
    const saved = await notes.save(userId, {
      title: note.title,
      content,
      classify: note.classify,
      top: note.top ?? 0,
    });
    // Spread over the last weeks, the first note the newest; a few from today.
    const at = now - (i < 3 ? i * 20 * 60_000 + 30_000 : i * 17 * HOUR_MS);
    await new NotesRepo(deps.db).updateNote(userId, Number(saved.server_id), {
      created_at: at - HOUR_MS,
      updated_at: at,
    });
    return saved.server_id;
  };
  const ids: string[] = [];
  for (const [i, note] of DEMO_NOTES.entries()) ids.push(await save(note, i));
  for (const placed of DEMO_BOARDS) {
    const { blackboard } = await boards.add(userId);
    for (const p of placed) {
      const id = ids[p.note];
      if (!id) continue;
      await boards.move(userId, {
        noteId: Number(id),
        boardId: blackboard.blackboard_id,
        status: '1',
        memberId: '',
        position: { x: p.x, y: p.y },
      });
    }
  }
  const binned = new Map<number, number>();
  for (const note of DEMO_RECYCLED) {
    const saved = await notes.save(userId, {
      title: note.title,
      content: blocks(note),
      classify: note.classify,
    });
    binned.set(Number(saved.server_id), saved.version_code);
  }
  await notes.delete(userId, binned);
}
