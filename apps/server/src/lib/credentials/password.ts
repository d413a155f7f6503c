import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Costs the same as a real check, so a missing account answers no faster than a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hash('not-a-real-password-0');
  await verifyPassword(await dummy, password);
}
