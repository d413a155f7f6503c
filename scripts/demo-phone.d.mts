import type { ChildProcess } from 'node:child_process';

export function ensurePhoneBuilt(opts?: { force?: boolean }): boolean;
export function localServerUrl(host: string | undefined, port: number | string): string;
export function startDemoPhone(opts: {
  dataDir: string;
  server: string;
  log?: (line: string) => void;
}): ChildProcess | null;
export function waitForServer(url: string, alive: () => boolean): Promise<boolean>;
