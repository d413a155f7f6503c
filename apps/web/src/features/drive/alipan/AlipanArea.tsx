import { DriveScreen } from '../DriveScreen';
import { alipanBackend } from './alipan-api';

/** `/alipan/*`: the newer drive over the v2 API. */
export default function AlipanArea() {
  return <DriveScreen backend={alipanBackend} />;
}
