import { ContactMsg } from '@phonecloud/shared';

// Long enough for the browser to take the response over as a download.
const FRAME_LIFETIME_MS = 60_000;

/**
 * Downloads an export through a hidden frame (spec 001 §7), so the page stays where it is. An
 * attachment never loads into the frame; a frame that does load got an error page instead, and
 * `onFailed` says so with the spec's text.
 */
export function downloadThroughFrame(url: string, onFailed: (text: string) => void): void {
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.className = 'contact-download-frame';
  frame.addEventListener('load', () => {
    // about:blank loads before the request is made; only a document from the URL counts.
    try {
      if (frame.contentDocument?.URL === 'about:blank') return;
    } catch {
      // another origin: not ours to read, and not an attachment either
    }
    onFailed(ContactMsg.DOWNLOAD_FAILED);
  });
  frame.src = url;
  document.body.appendChild(frame);
  window.setTimeout(() => frame.remove(), FRAME_LIFETIME_MS);
}
