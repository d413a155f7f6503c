import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DavAccount } from './dav.js';
import type { TestServer } from './server.js';

const run = promisify(execFile);
const VDIRSYNCER = '/usr/bin/vdirsyncer';
const KHARD = '/usr/bin/khard';
const KHAL = '/usr/bin/khal';
export const clientsMissing = ![VDIRSYNCER, KHARD, KHAL].every(existsSync);
// On a developer's machine without them the real-client tests are skipped; CI installs them (.ci/run).
export const skip = clientsMissing && !process.env.CI;

/** A vdirsyncer set-up syncing the account's address book and calendar with two local vdirs. */
export class Vdirsyncer {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'pc-vdirsyncer-'));
  readonly contacts = path.join(this.dir, 'contacts');
  readonly calendar = path.join(this.dir, 'calendar');

  constructor(
    private readonly server: TestServer,
    private readonly account: DavAccount,
  ) {
    mkdirSync(this.contacts);
    mkdirSync(this.calendar);
    this.configure(null);
  }

  /** `resolution`: null leaves conflicts to the user (vdirsyncer stops on them), or "a wins"/"b wins". */
  configure(resolution: 'a wins' | 'b wins' | null) {
    const { user, password } = this.account;
    const conflict = resolution ? `conflict_resolution = "${resolution}"\n` : '';
    const remote = (type: string, area: string, collection: string) =>
      `type = "${type}"\nurl = "${this.server.baseUrl}/dav/${area}/${user.username}/${collection}/"\nusername = "${user.username}"\npassword = "${password}"\n`;
    writeFileSync(
      path.join(this.dir, 'config'),
      `[general]\nstatus_path = "${path.join(this.dir, 'status')}/"\n\n` +
        `[pair contacts]\na = "contacts_local"\nb = "contacts_remote"\ncollections = null\n${conflict}\n` +
        `[storage contacts_local]\ntype = "filesystem"\npath = "${this.contacts}/"\nfileext = ".vcf"\n\n` +
        `[storage contacts_remote]\n${remote('carddav', 'addressbooks', 'contacts')}\n` +
        `[pair calendar]\na = "calendar_local"\nb = "calendar_remote"\ncollections = null\n${conflict}\n` +
        `[storage calendar_local]\ntype = "filesystem"\npath = "${this.calendar}/"\nfileext = ".ics"\n\n` +
        `[storage calendar_remote]\n${remote('caldav', 'calendars', 'calendar')}`,
    );
  }

  private env() {
    return {
      ...process.env,
      HOME: this.dir,
      XDG_CONFIG_HOME: this.dir,
      XDG_DATA_HOME: this.dir,
      LANG: 'C.UTF-8',
    };
  }

  async sync(): Promise<{ ok: boolean; output: string }> {
    const args = ['-c', path.join(this.dir, 'config')];
    try {
      await run(VDIRSYNCER, [...args, 'discover'], { env: this.env() });
      const out = await run(VDIRSYNCER, [...args, 'sync'], { env: this.env() });
      return { ok: true, output: out.stdout + out.stderr };
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
    }
  }

  files(dir: string): Map<string, string> {
    return new Map(readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
  }

  /** The local file whose text contains `marker`. */
  fileWith(dir: string, marker: string): string | undefined {
    for (const [f, text] of this.files(dir)) if (text.includes(marker)) return f;
    return undefined;
  }

  async khard(): Promise<string> {
    const config = path.join(this.dir, 'khard.conf');
    writeFileSync(
      config,
      `[addressbooks]\n[[book]]\npath = ${this.contacts}\n\n[general]\neditor = true\nmerge_editor = true\n\n[contact table]\nsort = last_name\n`,
    );
    try {
      return (await run(KHARD, ['-c', config, 'list', '--parsable'], { env: this.env() })).stdout;
    } catch (err) {
      // khard exits 1, saying nothing, when the book is empty.
      const e = err as { code?: number; stdout?: string; stderr?: string };
      if (e.code === 1 && !e.stdout?.trim()) return '';
      throw err;
    }
  }

  async khal(): Promise<string> {
    const config = path.join(this.dir, 'khal.conf');
    writeFileSync(
      config,
      `[calendars]\n[[home]]\npath = ${this.calendar}\ntype = calendar\n\n[locale]\ntimeformat = %H:%M\ndateformat = %Y-%m-%d\nlongdateformat = %Y-%m-%d\ndatetimeformat = %Y-%m-%d %H:%M\nlongdatetimeformat = %Y-%m-%d %H:%M\ndefault_timezone = Asia/Shanghai\nlocal_timezone = Asia/Shanghai\n`,
    );
    return (
      await run(KHAL, ['-c', config, 'list', '--format', '{start} {title}', '2026-12-01', '2027-01-31'], {
        env: this.env(),
      })
    ).stdout;
  }

  dispose() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
