import { DriveMsg } from '@phonecloud/shared';
import { downloadOrToast } from '../../components/download-frame';

/**
 * Starts a download of a signed URL through a hidden frame: the server answers
 * `Content-Disposition: attachment`, so the page stays where it is, and a refusal (a zip holding
 * a file found damaged inside a folder, a link gone meanwhile) is said in a toast with the
 * server's text instead of replacing the page with it.
 */
export function startDownload(url: string): void {
  downloadOrToast(url, DriveMsg.DOWNLOAD_FAILED);
}
