import { useDeviceList } from '../api/find-queries';
import { DevicesSection } from '../list/DeviceListScreen';
import { T } from '../texts';
import { MapView } from './MapView';

/** /find/index: the map of the account's first phone, or the empty state when it has none. */
export function FindIndex() {
  const first = useDeviceList().data?.list[0];
  if (first) return <MapView device={first} />;
  return <DevicesSection title={T.title} />;
}
