/**
 * Cuts a text to `max` characters (code points, so an emoji or a rare CJK character is never
 * split) and marks the cut with an ellipsis.
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}
