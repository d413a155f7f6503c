import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the phone keeps between runs, in `<dir>/state.json`. */
export interface PhoneState {
  server: string;
  account: string;
  device_id: string;
  brand: string;
  model: string;
  token: string | null;
  locked: boolean;
  lock_info: string | null;
  /** When the route walk started (epoch ms): the walk goes on where it was after a restart. */
  started_at: number;
  /** Commands already carried out: a command seen again after a reconnect is not run twice. */
  done: string[];
}

/** The phone's folder: its state and the user data a wipe erases (`<dir>/data`). */
export class PhoneFolder {
  constructor(readonly dir: string) {}

  get statePath() {
    return path.join(this.dir, 'state.json');
  }
  get dataDir() {
    return path.join(this.dir, 'data');
  }

  read(): PhoneState | null {
    if (!existsSync(this.statePath)) return null;
    return JSON.parse(readFileSync(this.statePath, 'utf8')) as PhoneState;
  }

  /** Written to a temp file and renamed: a crash never leaves half a state. */
  write(state: PhoneState): void {
    mkdirSync(this.dir, { recursive: true });
    const tmp = `${this.statePath}.tmp`;
    writeFileSync(tmp, JSON.stringify(state, null, 2));
    renameSync(tmp, this.statePath);
  }

  /**
   * The phone's data folder. A sample (a contact, a note, a photo) is written only when asked
   * for (`--sample`): a phone signed in to a real account must not sync invented data into it.
   */
  ensureData({ sample }: { sample: boolean }): void {
    if (existsSync(this.dataDir)) return;
    mkdirSync(this.dataDir, { recursive: true });
    if (!sample) return;
    mkdirSync(path.join(this.dataDir, 'photos'), { recursive: true });
    writeFileSync(
      path.join(this.dataDir, 'contacts.vcf'),
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:张三\r\nTEL:13900000000\r\nEND:VCARD\r\n',
    );
    writeFileSync(path.join(this.dataDir, 'notes.txt'), '周末去西湖边走走。\n');
    writeFileSync(path.join(this.dataDir, 'photos', 'IMG_0001.txt'), '（一张照片）\n');
  }

  /** The wipe: everything in the folder goes, state and data alike. */
  erase(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
