import { PhotoMsg } from '@phonecloud/shared';
import { invalid } from '../../http/errors.js';

/** @package */
export const photoNotFound = () => invalid(PhotoMsg.NOT_FOUND);
/** @package */
export const albumNotFound = () => invalid(PhotoMsg.ALBUM_NOT_FOUND);
