/**
 * Sends a body with upload progress. fetch cannot report how far an upload got, so file bytes go
 * through XMLHttpRequest; answers the status and the text whatever the status.
 */
export function sendWithProgress(opts: {
  method: 'PUT' | 'POST';
  url: string;
  body: Blob | FormData;
  onProgress: (loaded: number) => void;
  signal: AbortSignal;
}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method, opts.url);
    xhr.upload.onprogress = (e) => opts.onProgress(e.loaded);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(opts.body);
  });
}

/** The envelope of an upload answer, or null when the body is not one (a proxy's error page). */
export function envelopeOf(text: string): { code: number; message?: string; data?: unknown } | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number'
      ? (body as { code: number; message?: string; data?: unknown })
      : null;
  } catch {
    return null;
  }
}
