import { nameError, normalizeName } from '@phonecloud/shared';
import { invalid } from '../../http/errors.js';

/**
 * A valid name in its stored form, or the spec's text of the rule it breaks.
 * @package
 */
export function cleanName(raw: unknown, kind: 'folder' | 'file'): string {
  const name = typeof raw === 'string' ? normalizeName(raw) : '';
  const error = nameError(name, kind);
  if (error) throw invalid(error);
  return name;
}

/**
 * "photo.jpg" → "photo(1).jpg"; folders and names without an extension get the number at the end.
 * @package
 */
export function numberedName(name: string, n: number, isFile: boolean): string {
  const dot = isFile ? name.lastIndexOf('.') : -1;
  if (dot > 0) return `${name.slice(0, dot)}(${n})${name.slice(dot)}`;
  return `${name}(${n})`;
}

/**
 * What every numbered name of `name` starts with ("photo" for "photo.jpg"): the prefix to read
 * the taken names by.
 * @package
 */
export function namePrefix(name: string, isFile: boolean): string {
  const dot = isFile ? name.lastIndexOf('.') : -1;
  return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * The first "name(n)" not in `taken`.
 * @package
 */
export function freeName(name: string, taken: Set<string>, isFile: boolean): string {
  if (!taken.has(name)) return name;
  for (let n = 1; ; n++) {
    const candidate = numberedName(name, n, isFile);
    if (!taken.has(candidate)) return candidate;
  }
}
