import { PHOTO_ZIP_MAX } from '@phonecloud/shared';
import { downloadThroughFrame } from '../../../components/download-frame';
import { toast } from '../../../components/toast';
import { photoCalls } from '../photo-calls';

export const ZIP_FAILED = '下载失败，请重试';
export const zipTooMany = () => `一次最多打包下载 ${PHOTO_ZIP_MAX} 项`;

/** What the zip download needs, replaceable in a test. */
export interface ZipDeps {
  zipUrl(ids: number[]): Promise<string>;
  download(url: string, failedText: string, onFailed: (text: string) => void): void;
  error(text: string): void;
}

const browserDeps: ZipDeps = {
  zipUrl: photoCalls.zipUrl,
  download: downloadThroughFrame,
  error: toast.error,
};

/**
 * Downloads the originals of a selection as one zip: the server makes a short-lived link, which
 * a hidden frame follows so the page stays where it is. A refused call throws to the caller (a
 * mutation, whose error the query cache shows). Answers whether the download was started.
 */
export async function downloadZip(ids: readonly number[], deps: ZipDeps = browserDeps): Promise<boolean> {
  if (ids.length === 0) return false;
  if (ids.length > PHOTO_ZIP_MAX) {
    deps.error(zipTooMany());
    return false;
  }
  const url = await deps.zipUrl([...ids]);
  deps.download(url, ZIP_FAILED, deps.error);
  return true;
}
