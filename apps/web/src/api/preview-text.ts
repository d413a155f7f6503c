import { PreviewHeader } from '@phonecloud/shared';

export interface LoadedText {
  text: string;
  /** The encoding the server detected and decoded from. */
  encoding: string;
  /** The server sent only the file's beginning. */
  truncated: boolean;
}

/**
 * A text file's preview from its signed URL. Not an envelope call: the URL answers the file's
 * text itself, and carries its own credential (no cookie goes along).
 */
export async function fetchPreviewText(url: string): Promise<LoadedText> {
  const res = await fetch(url, { credentials: 'omit' });
  if (!res.ok) throw new Error(String(res.status));
  return {
    text: await res.text(),
    encoding: res.headers.get(PreviewHeader.encoding) ?? 'UTF-8',
    truncated: res.headers.get(PreviewHeader.truncated) === '1',
  };
}
