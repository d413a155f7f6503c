/**
 * A file name that stays one name in any zip reader (no folder separators, no control bytes).
 * @package
 */
export const safeName = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control bytes are what is replaced.
  name.replace(/[/\\\u0000-\u001f]/g, '_').replace(/^\.+$/, '_') || 'photo';

/**
 * `name` in `folder` ('' for the zip's top), made unique among the paths `taken` holds, which
 * it joins: `IMG_1.JPG` a second time is `IMG_1 (2).JPG`. Any case, as Windows and macOS see it.
 * @package
 */
export function uniqueIn(taken: Set<string>, folder: string, name: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const inFolder = (n: string) => (folder ? `${folder}/${n}` : n);
  let candidate = name;
  for (let n = 2; taken.has(inFolder(candidate).toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(inFolder(candidate).toLowerCase());
  return inFolder(candidate);
}
