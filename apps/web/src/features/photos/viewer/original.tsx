import { type PhotoItem, PhotoMsg } from '@phonecloud/shared';
import type { ReactNode } from 'react';
import { toast } from '../../../components/toast';
import { fileUrl } from '../photo-calls';

/**
 * 下载原图: a link to the original, or, when the store check found the original's bytes changed,
 * a button that says why instead (the server refuses them; a link would save its refusal under
 * the photo's name).
 */
export function OriginalDownload({
  item,
  label,
  children,
}: {
  item: PhotoItem;
  label?: string;
  children: ReactNode;
}) {
  if (item.damaged) {
    return (
      <button type="button" aria-label={label} onClick={() => toast.error(PhotoMsg.DAMAGED)}>
        {children}
      </button>
    );
  }
  return (
    <a aria-label={label} href={fileUrl(item.id)} download={item.name}>
      {children}
    </a>
  );
}

/** Why a damaged photo's original cannot be opened or downloaded, over the foot of its still. */
export function DamagedNotice({ item }: { item: PhotoItem }) {
  if (!item.damaged) return null;
  return (
    <p className="photo-viewer__damaged" role="status">
      {PhotoMsg.DAMAGED}
    </p>
  );
}
