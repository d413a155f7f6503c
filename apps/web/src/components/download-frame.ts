import { toast } from './toast';

// Long enough for the browser to take the response over as a download.
const FRAME_LIFETIME_MS = 60_000;

/**
 * The text of a refusal the server answered instead of the file (a JSON body with `message`,
 * and the damaged files of a zip in `files`), or null when the frame holds something else.
 */
export function refusalText(body: string | null | undefined): string | null {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { message, files } = parsed as { message?: unknown; files?: unknown };
    if (typeof message !== 'string' || message === '') return null;
    const names = Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [];
    return names.length > 0 ? `${message}：${names.join('、')}` : message;
  } catch {
    return null;
  }
}

/**
 * Downloads a file through a hidden frame (spec 001 §7), so the page stays where it is, even
 * when the server refuses: an attachment never loads into the frame; a frame that does load got
 * an error instead, and `onFailed` says so, with the server's own text when it gave one (a
 * file found damaged, a zip naming them), else the area's (the spec's '下载失败，请重试或者刷新！').
 */
export function downloadThroughFrame(
  url: string,
  failedText: string,
  onFailed: (text: string) => void,
): void {
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.className = 'download-frame';
  frame.addEventListener('load', () => {
    let text: string | null = null;
    // about:blank loads before the request is made; only a document from the URL counts.
    try {
      if (frame.contentDocument?.URL === 'about:blank') return;
      text = refusalText(frame.contentDocument?.body?.textContent);
    } catch {
      // another origin: not ours to read, and not an attachment either
    }
    onFailed(text ?? failedText);
  });
  frame.src = url;
  document.body.appendChild(frame);
  window.setTimeout(() => frame.remove(), FRAME_LIFETIME_MS);
}

/** `downloadThroughFrame` with the failure said in a toast. */
export function downloadOrToast(url: string, failedText: string): void {
  downloadThroughFrame(url, failedText, (text) => toast.error(text));
}
