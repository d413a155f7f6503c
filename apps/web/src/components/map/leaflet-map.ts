import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { usesOfflineBase } from './base-map-rules';
import type { TileSettings } from './coords';

/** Leaflet's own zoom titles are English. */
const ZOOM_TITLES = { zoomInTitle: '放大', zoomOutTitle: '缩小' } as const;

/**
 * Draws the offline base map (its own chunk, and its shapes fetched after it: the first page does
 * not carry them); answers its removal, which also stops a load still under way.
 */
function offlineBase(map: L.Map): () => void {
  let remove: (() => void) | null = null;
  let gone = false;
  void import('./offline-base').then(({ addOfflineBase }) => {
    if (!gone) remove = addOfflineBase(map);
  });
  return () => {
    gone = true;
    remove?.();
  };
}

/**
 * A Leaflet map in `el` on the deployment's tile source, or the offline base map of countries,
 * provinces and cities when none is configured; it follows the box's size. Answers the map and
 * its removal.
 */
export function openMap(
  el: HTMLElement,
  tiles: TileSettings,
  view: { centre: [number, number]; zoom: number },
): { map: L.Map; close: () => void } {
  const offline = usesOfflineBase(tiles);
  const map = L.map(el, {
    attributionControl: offline || Boolean(tiles.tileAttribution),
    zoomControl: false,
  }).setView(view.centre, view.zoom);
  L.control.zoom(ZOOM_TITLES).addTo(map);
  // The configured tiles take over; without them the packaged shapes are the map.
  const dropBase = offline ? offlineBase(map) : null;
  if (!offline) {
    L.tileLayer(tiles.tileUrl, {
      subdomains: tiles.tileSubdomains || 'abc',
      attribution: tiles.tileAttribution,
      maxZoom: 18,
    }).addTo(map);
  }
  // The box may change size with the layout (a phone turned, a column wrapping).
  const resized = new ResizeObserver(() => map.invalidateSize());
  resized.observe(el);
  return {
    map,
    close: () => {
      resized.disconnect();
      dropBase?.();
      map.remove();
    },
  };
}
