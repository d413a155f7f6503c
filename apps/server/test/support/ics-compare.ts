/**
 * iCalendar compared property by property, order and folding aside: what a round trip must
 * keep. Each component becomes its properties (name, parameters by name, value as written)
 * and its subcomponents, both sorted, so two texts compare equal exactly when they say the same.
 */

export interface IcsComponent {
  name: string;
  props: string[];
  children: IcsComponent[];
}

/** Splits a content line at its unquoted `;` and its first unquoted `:` (RFC 5545 §3.1). */
function splitLine(line: string): { head: string[]; value: string } {
  const head: string[] = [];
  let part = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === '"') quoted = !quoted;
    if (!quoted && c === ':') {
      head.push(part);
      return { head, value: line.slice(i + 1) };
    }
    if (!quoted && c === ';') {
      head.push(part);
      part = '';
    } else part += c;
  }
  throw new Error(`not a content line: ${line}`);
}

/** One property as a comparable string: `NAME;A=x;B="y,z":value`, parameters sorted by name. */
function propertyKey(line: string): { name: string; key: string } {
  const { head, value } = splitLine(line);
  const name = (head[0] ?? '').toUpperCase();
  const params = head.slice(1).map((p) => {
    const eq = p.indexOf('=');
    // Quotes are the parameter's syntax, not its value: a writer may add or leave them.
    const values = p.slice(eq + 1).replace(/"/g, '');
    return `${p.slice(0, eq).toUpperCase()}=${values}`;
  });
  params.sort();
  return { name, key: `${[name, ...params].join(';')}:${value}` };
}

const canonical = (c: IcsComponent): string =>
  `${c.name}{${c.props.join('\n')}|${c.children.map(canonical).join(',')}}`;

function sortTree(c: IcsComponent): IcsComponent {
  const children = c.children.map(sortTree);
  children.sort((a, b) => canonical(a).localeCompare(canonical(b)));
  return { name: c.name, props: [...c.props].sort(), children };
}

/** The components of an iCalendar text, unfolded, as a tree to compare (`toEqual`). */
export function icsTree(text: string): IcsComponent[] {
  const lines = text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((l) => l !== '');
  const roots: IcsComponent[] = [];
  const stack: IcsComponent[] = [];
  for (const line of lines) {
    const { name, key } = propertyKey(line);
    const value = key.slice(key.indexOf(':') + 1).toUpperCase();
    if (name === 'BEGIN') {
      const comp: IcsComponent = { name: value, props: [], children: [] };
      (stack.length > 0 ? (stack[stack.length - 1] as IcsComponent).children : roots).push(comp);
      stack.push(comp);
    } else if (name === 'END') stack.pop();
    else stack[stack.length - 1]?.props.push(key);
  }
  return roots.map(sortTree);
}

/** The components of these names anywhere in the tree (VEVENTs of an export, say). */
export function componentsNamed(tree: IcsComponent[], name: string): IcsComponent[] {
  const out: IcsComponent[] = [];
  const walk = (c: IcsComponent) => {
    if (c.name === name) out.push(c);
    else c.children.forEach(walk);
  };
  tree.forEach(walk);
  return out.sort((a, b) => canonical(a).localeCompare(canonical(b)));
}
