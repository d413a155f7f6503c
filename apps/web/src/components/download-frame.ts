// Long enough for the browser to take the response over as a download.
const FRAME_LIFETIME_MS = 60_000;

/**
 * Downloads an export through a hidden frame (spec 001 §7), so the page stays where it is. An
 * attachment never loads into the frame; a frame that does load got an error page instead, and
 * `onFailed` says so with the area's text (the spec's '下载失败，请重试或者刷新！').
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
    // about:blank loads before the request is made; only a document from the URL counts.
    try {
      if (frame.contentDocument?.URL === 'about:blank') return;
    } catch {
      // another origin: not ours to read, and not an attachment either
    }
    onFailed(failedText);
  });
  frame.src = url;
  document.body.appendChild(frame);
  window.setTimeout(() => frame.remove(), FRAME_LIFETIME_MS);
}
