/**
 * Starts a download of a signed URL. The server answers `Content-Disposition: attachment`, so the
 * page stays where it is; a link click (not window.open) keeps popup blockers out of it.
 */
export function startDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}
