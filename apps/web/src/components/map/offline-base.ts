import worldUrl from '@surbowl/world-geo-json-zh/world.zh.json?url';
import chinaUrl from 'china-geojson/src/geojson/china.json?url';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import L from 'leaflet';
import './base-map.css';
import { BASE_ZOOM, labelPoint, provinceCode, type ShapeProps, showsCities } from './base-map-rules';
import { CITY_FILES } from './city-files';

type Shapes = FeatureCollection<Geometry, ShapeProps>;

/** Whose shapes these are, in the map's corner (docs/find-web.md has their licences). */
export const BASE_ATTRIBUTION = '底图数据：world-geo-json-zh、china-geojson';

async function shapes(url: string): Promise<Shapes> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`base map ${url}: HTTP ${res.status}`);
  return (await res.json()) as Shapes;
}

/** A place name on the map: a divIcon whose text is set as text, never as markup. */
function label(name: string, at: L.LatLngExpression, kind: 'province' | 'city'): L.Marker {
  const el = document.createElement('span');
  el.textContent = name;
  return L.marker(at, {
    icon: L.divIcon({ className: `base-map-label base-map-label--${kind}`, html: el, iconSize: undefined }),
    interactive: false,
    keyboard: false,
  });
}

function labels(collection: Shapes, kind: 'province' | 'city'): L.LayerGroup {
  const group = L.layerGroup();
  for (const f of collection.features) {
    const at = labelPoint(f.properties);
    if (at && f.properties.name) label(f.properties.name, [at[1], at[0]], kind).addTo(group);
  }
  return group;
}

// The map's own SVG renderer draws them: paths a test and the CSP can see, styled by class.
const shapeLayer = (collection: Shapes, className: string) =>
  L.geoJSON(collection, { style: () => ({ className }), interactive: false });

/**
 * The offline base map: the world's countries, China's provinces and, from `CITY_ZOOM` on, the
 * prefecture-level divisions of the provinces in view, all drawn by Leaflet as SVG from packaged
 * GeoJSON; names of provinces and cities at the zooms where they fit. Answers its removal.
 */
export function addOfflineBase(map: L.Map): () => void {
  const shapesGroup = L.layerGroup().addTo(map);
  const provinceNames = L.layerGroup();
  const cityNames = L.layerGroup();
  const provinceBounds = new Map<string, L.LatLngBounds>();
  const cityRequests = new Set<string>();
  let removed = false;
  map.getContainer().classList.add('base-map--offline');
  map.attributionControl?.addAttribution(BASE_ATTRIBUTION);

  const loadCities = (code: string) => {
    const url = CITY_FILES[code];
    if (!url || cityRequests.has(code)) return;
    cityRequests.add(code);
    shapes(url)
      .then((cities) => {
        if (removed) return;
        shapeLayer(cities, 'base-map-city').addTo(shapesGroup);
        labels(cities, 'city').eachLayer((l) => l.addTo(cityNames));
      })
      // Not there this time: the next move tries again.
      .catch(() => cityRequests.delete(code));
  };

  const update = () => {
    const zoom = map.getZoom();
    const view = map.getBounds();
    toggle(map, provinceNames, zoom >= BASE_ZOOM.provinceNames && zoom < BASE_ZOOM.cityNames);
    toggle(map, cityNames, zoom >= BASE_ZOOM.cityNames);
    if (!showsCities(zoom)) return;
    for (const [code, bounds] of provinceBounds) if (bounds.intersects(view)) loadCities(code);
  };

  Promise.all([shapes(worldUrl), shapes(chinaUrl)])
    .then(([world, china]) => {
      if (removed) return;
      shapeLayer(world, 'base-map-country').addTo(shapesGroup);
      const provinces = shapeLayer(china, 'base-map-province').addTo(shapesGroup);
      provinces.eachLayer((layer) => {
        const feature = (layer as L.GeoJSON & { feature?: Feature<Geometry, ShapeProps> }).feature;
        const code = feature ? provinceCode(feature) : null;
        if (code && layer instanceof L.Polygon) provinceBounds.set(code, layer.getBounds());
      });
      labels(china, 'province').eachLayer((l) => l.addTo(provinceNames));
      map.on('moveend', update);
      update();
    })
    // The marker and the place as text stay; the surface is plain as before.
    .catch(() => undefined);

  return () => {
    removed = true;
    map.off('moveend', update);
    for (const layer of [shapesGroup, provinceNames, cityNames]) layer.remove();
    map.attributionControl?.removeAttribution(BASE_ATTRIBUTION);
    map.getContainer().classList.remove('base-map--offline');
  };
}

function toggle(map: L.Map, layer: L.LayerGroup, on: boolean): void {
  if (on && !map.hasLayer(layer)) layer.addTo(map);
  if (!on && map.hasLayer(layer)) layer.remove();
}
