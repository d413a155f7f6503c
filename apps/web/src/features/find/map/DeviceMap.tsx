import 'leaflet/dist/leaflet.css';
import { FIND_MAP_CENTRE, FIND_MAP_ZOOM, type FindPortalInfo, type PhoneLocation } from '@phonecloud/shared';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { T } from '../texts';
import { usesOfflineBase } from './base-map/zoom-rules';
import { toMapPoint } from './coords';

/**
 * Draws the offline base map (its own chunk, and its shapes fetched after it: the first page does
 * not carry them); answers its removal, which also stops a load still under way.
 */
function offlineBase(map: L.Map): () => void {
  let remove: (() => void) | null = null;
  let gone = false;
  void import('./base-map/offline-base').then(({ addOfflineBase }) => {
    if (!gone) remove = addOfflineBase(map);
  });
  return () => {
    gone = true;
    remove?.();
  };
}

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
    // The zoom buttons are named in Chinese (Leaflet's own titles are English).
    const offline = usesOfflineBase(info);
    const m = L.map(el, {
      attributionControl: offline || Boolean(info.tileAttribution),
      zoomControl: false,
    }).setView(toMapPoint(FIND_MAP_CENTRE, info.tileCoords), FIND_MAP_ZOOM);
    L.control.zoom({ zoomInTitle: T.zoomIn, zoomOutTitle: T.zoomOut }).addTo(m);
    // The configured tiles take over; without them the packaged shapes are the map.
    const dropBase = offline ? offlineBase(m) : null;
    if (!offline) {
      L.tileLayer(info.tileUrl, {
        subdomains: info.tileSubdomains || 'abc',
        attribution: info.tileAttribution,
        maxZoom: 18,
      }).addTo(m);
    }
    map.current = m;
    // The box may change size with the layout (a phone turned, the panels column wrapping).
    const resized = new ResizeObserver(() => m.invalidateSize());
    resized.observe(el);
    return () => {
      resized.disconnect();
      dropBase?.();
      marker.current = null;
      circle.current = null;
      map.current = null;
      m.remove();
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
