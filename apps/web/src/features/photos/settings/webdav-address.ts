import { WEBDAV_DRIVE_PATH } from '@phonecloud/shared';

/**
 * The WebDAV address of a drive folder, to give a phone app: the portal's own origin (the same
 * host serves WebDAV), each folder name percent-encoded as UTF-8, a folder's trailing slash.
 */
export function webdavAddress(origin: string, folder: string): string {
  const names = folder.split('/').filter((n) => n !== '');
  return `${origin}${WEBDAV_DRIVE_PATH}/${names.map(encodeURIComponent).join('/')}${names.length ? '/' : ''}`;
}
