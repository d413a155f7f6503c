import { NAME_PARTS, type NameEntry } from '@phonecloud/shared';

const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * N's family and given parts for every script. CJK names keep what they had (the given name
 * stored, the rest the family). A Latin name is split as iOS and Google expect: the stored given
 * name where the display name starts with it, else the last word is the family name ("Greg
 * Dartmouth" → Dartmouth; Greg), so a phone shows the whole name and sorts by the family.
 */
export function nameParts(display: string, given: string): { family: string; given: string } {
  if (CJK_RE.test(display)) {
    if (!given) return { family: display, given: '' };
    return {
      family: display.endsWith(given) ? display.slice(0, display.length - given.length).trim() : '',
      given,
    };
  }
  const words = display.trim().split(/\s+/).filter(Boolean);
  if (given && display.startsWith(given) && display.length > given.length) {
    return { family: display.slice(given.length).trim(), given };
  }
  if (given && display.endsWith(given) && display.length > given.length) {
    return { family: display.slice(0, display.length - given.length).trim(), given };
  }
  if (words.length < 2) return { family: given ? '' : display.trim(), given: given || '' };
  return { family: words[words.length - 1] as string, given: words.slice(0, -1).join(' ') };
}

/**
 * N's five parts: as kept when the name has structured parts (a card's N, or the editor's), else
 * guessed from the display name and the given name (nameParts).
 */
export function structuredName(display: string, name: NameEntry | undefined): string[] {
  if (name && NAME_PARTS.some((p) => name[p])) {
    return [
      name.family_name ?? '',
      name.given_name,
      name.middle_name ?? '',
      name.prefix ?? '',
      name.suffix ?? '',
    ];
  }
  const parts = nameParts(display, name?.given_name ?? '');
  return [parts.family, parts.given, '', '', ''];
}

/**
 * Puts on a name entry the structured parts its card's N adds to the display and given names:
 * none when N is what nameParts would write for them anyway (the portal's own cards read back
 * unchanged). Writes into the entry: an import reads every card through here.
 */
export function addNameParts(
  entry: NameEntry,
  rawFamily: string,
  rawMiddle: string,
  rawPrefix: string,
  rawSuffix: string,
): void {
  const family = rawFamily.trim();
  const middle = rawMiddle.trim();
  const prefix = rawPrefix.trim();
  const suffix = rawSuffix.trim();
  if (!middle && !prefix && !suffix) {
    if (!family) return;
    const guess = nameParts(entry.display_name, entry.given_name);
    if (guess.family === family && guess.given === entry.given_name) return;
  }
  if (family) entry.family_name = family;
  if (middle) entry.middle_name = middle;
  if (prefix) entry.prefix = prefix;
  if (suffix) entry.suffix = suffix;
}
