const NULL_BODY_STATUSES = [101, 204, 205, 304];

/**
 * A fetch that reports how far the body got. fetch cannot tell upload progress (a streamed request
 * body needs HTTP/2 and half-duplex), so a body sent with progress goes through XMLHttpRequest;
 * the answer comes back as a Response whatever its status, as fetch's would.
 */
export function fetchWithProgress(
  url: string,
  init: RequestInit,
  onProgress: (loaded: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = init.credentials === 'include';
    for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      // A Response of 204 or 304 may carry no body, not even an empty one.
      const body = NULL_BODY_STATUSES.includes(xhr.status) ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText }));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    if (init.signal?.aborted) {
      reject(new DOMException('aborted', 'AbortError'));
      return;
    }
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // The bodies sent with progress are files, blobs and forms; XMLHttpRequest takes no stream.
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
