/**
 * A stored object's text in its parts, as the client wrote them: what a way out copies instead
 * of writing it anew. ical.js writes back what it understood, and drops what it takes for a
 * default (`URL;VALUE=URI`, `ATTACH;VALUE=URI`); a copy of the lines keeps every byte of a
 * property, its parameters and its folding.
 */

const CRLF = '\r\n';

/** A component directly inside the VCALENDAR: its name and its lines, folding kept. */
export interface RawComponent {
  name: string;
  lines: string[];
}

export interface RawCalendar {
  /** The VCALENDAR's own properties (VERSION, PRODID, CALSCALE, X-WR-...), each with its folds. */
  props: string[];
  components: RawComponent[];
}

const BEGIN = /^BEGIN:(.+)$/i;
const END = /^END:/i;

/** Splits a VCALENDAR text into its own properties and its components. */
export function rawCalendar(text: string): RawCalendar {
  const out: RawCalendar = { props: [], components: [] };
  let depth = 0;
  let current: RawComponent | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line === '') continue;
    const folded = line.startsWith(' ') || line.startsWith('\t');
    const begin = folded ? null : BEGIN.exec(line);
    const end = !folded && END.test(line);
    if (begin) {
      depth++;
      if (depth === 2) current = { name: (begin[1] as string).trim().toUpperCase(), lines: [] };
    }
    if (depth >= 2 && current) current.lines.push(line);
    else if (depth === 1 && !begin && !end) {
      if (folded && out.props.length > 0) out.props[out.props.length - 1] += CRLF + line;
      else out.props.push(line);
    }
    if (end) {
      if (depth === 2 && current) {
        out.components.push(current);
        current = null;
      }
      depth--;
    }
  }
  return out;
}

const LINE_OCTETS = 75;

/**
 * A physical line folded within RFC 5545's 75 octets, never inside a character: a client's
 * longer line is written as it came, only folded (which changes nothing it says).
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= LINE_OCTETS) return line;
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > LINE_OCTETS) {
      parts.push(part);
      part = ' ';
      octets = 1;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join(CRLF);
}

/** Lines as a text: CRLF after each, folded within 75 octets. */
export const rawText = (lines: readonly string[]) => lines.map((l) => foldLine(l) + CRLF).join('');

/** Whether a component's own properties (not its VALARMs') include one of this name. */
export function hasOwnLine(component: RawComponent, name: string): boolean {
  const re = new RegExp(`^${name}[;:]`, 'i');
  let depth = 0;
  for (const line of component.lines) {
    if (BEGIN.test(line)) depth++;
    else if (END.test(line)) depth--;
    else if (depth === 1 && re.test(line)) return true;
  }
  return false;
}

/** The component with a property put right after its BEGIN line. */
export function withProperty(component: RawComponent, line: string): RawComponent {
  const [begin, ...rest] = component.lines;
  return { name: component.name, lines: [begin as string, line, ...rest] };
}
