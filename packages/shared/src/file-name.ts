/** A name's extension, lower case, without the dot; '' when it has none (or is only one, `.jpg`). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
