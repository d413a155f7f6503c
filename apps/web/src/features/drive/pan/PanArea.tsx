import { DriveScreen } from '../DriveScreen';
import { panBackend } from './pan-api';

/** `/pan/*`: the older drive over the v1 API and the upload host. */
export default function PanArea() {
  return <DriveScreen backend={panBackend} />;
}
