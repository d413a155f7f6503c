/**
 * The If header of RFC 4918 §10.4: lists of conditions (lock tokens and entity tags, each
 * possibly negated), untagged (about the request's resource) or tagged with a resource.
 */
export interface IfCondition {
  not: boolean;
  /** A state token: a lock token, or a URI no lock has (`DAV:no-lock`). */
  token?: string;
  /** An entity tag, quotes included (`"abc"`), W/ dropped. */
  etag?: string;
}

export interface IfList {
  /** The resource a tagged list is about (its URL as sent); undefined: the request's. */
  resource?: string;
  conditions: IfCondition[];
}

export class IfHeaderError extends Error {}

/** Parses an If header; throws IfHeaderError on a malformed one (answered 400). */
export function parseIfHeader(header: string): IfList[] {
  const lists: IfList[] = [];
  let i = 0;
  let resource: string | undefined;
  const skip = () => {
    while (i < header.length && /\s/.test(header[i] ?? '')) i++;
  };
  const until = (close: string) => {
    const end = header.indexOf(close, i + 1);
    if (end < 0) throw new IfHeaderError('unterminated');
    const value = header.slice(i + 1, end);
    i = end + 1;
    return value;
  };
  skip();
  while (i < header.length) {
    const c = header[i];
    if (c === '<') {
      resource = until('>');
    } else if (c === '(') {
      i++;
      const conditions: IfCondition[] = [];
      for (;;) {
        skip();
        if (header[i] === ')') {
          i++;
          break;
        }
        let not = false;
        if (header.slice(i, i + 3).toLowerCase() === 'not') {
          not = true;
          i += 3;
          skip();
        }
        const d = header[i];
        if (d === '<') conditions.push({ not, token: until('>') });
        else if (d === '[') conditions.push({ not, etag: until(']').trim().replace(/^W\//, '') });
        else throw new IfHeaderError('condition');
      }
      if (conditions.length === 0) throw new IfHeaderError('empty list');
      lists.push({ resource, conditions });
    } else {
      throw new IfHeaderError('unexpected');
    }
    skip();
  }
  if (lists.length === 0) throw new IfHeaderError('no list');
  return lists;
}

/** The lock tokens a request submits: every non-negated state token of its If header. */
export function submittedTokens(lists: IfList[]): Set<string> {
  const out = new Set<string>();
  for (const l of lists) for (const c of l.conditions) if (c.token && !c.not) out.add(c.token);
  return out;
}
