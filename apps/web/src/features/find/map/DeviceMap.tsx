import { FIND_MAP_CENTRE, FIND_MAP_ZOOM, type FindPortalInfo, type PhoneLocation } from '@phonecloud/shared';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { usesOfflineBase } from '../../../components/map/base-map-rules';
import { toMapPoint } from '../../../components/map/coords';
import { openMap } from '../../../components/map/leaflet-map';
import { T } from '../texts';

/**
 * The Leaflet map: the tile source of the deployment's settings (none: the offline base map of
 * countries, provinces and cities), the phone's marker and its accuracy circle. The marker is a CSS-drawn divIcon, so nothing needs an image
 * path or an inline style attribute (Leaflet positions through the CSSOM, which the CSP allows).
 */
export function DeviceMap({ info, location }: { info: FindPortalInfo; location: PhoneLocation | null }) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const circle = useRef<L.Circle | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const { map: m, close } = openMap(el, info, {
      centre: toMapPoint(FIND_MAP_CENTRE, info.tileCoords),
      zoom: FIND_MAP_ZOOM,
    });
    map.current = m;
    return () => {
      marker.current = null;
      circle.current = null;
      map.current = null;
      close();
    };
  }, [info]);

  useEffect(() => {
    const m = map.current;
    if (!m || !location) return;
    const at = toMapPoint(location, info.tileCoords);
    if (marker.current) marker.current.setLatLng(at);
    else {
      marker.current = L.marker(at, {
        icon: L.divIcon({ className: 'find-marker', iconSize: [22, 22], iconAnchor: [11, 11] }),
        keyboard: false,
        title: location.location,
      }).addTo(m);
    }
    if (circle.current) circle.current.setLatLng(at).setRadius(location.accuracy);
    else circle.current = L.circle(at, { radius: location.accuracy, className: 'find-accuracy' }).addTo(m);
    m.setView(at, Math.max(m.getZoom(), FIND_MAP_ZOOM));
  }, [location, info]);

  return (
    <div className="find-map-wrap">
      <div
        ref={box}
        className="find-map"
        role="img"
        aria-label={location ? location.location : T.noLocation}
      />
      {usesOfflineBase(info) && <div className="find-map__note">{T.noTiles}</div>}
    </div>
  );
}
