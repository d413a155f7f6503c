import { PictureOutlined } from '@ant-design/icons';
import type { PhotoAlbum } from '@phonecloud/shared';
import { thumbUrl } from '../photo-calls';

/** An album's cover: its chosen or newest photo, or an empty frame for an empty album. */
export function AlbumCover({ album }: { album: PhotoAlbum }) {
  return (
    <span className="photo-album-cover">
      {album.cover_id !== null ? (
        <img src={thumbUrl(album.cover_id)} alt="" loading="lazy" draggable={false} />
      ) : (
        <PictureOutlined aria-label="空相册" />
      )}
    </span>
  );
}
