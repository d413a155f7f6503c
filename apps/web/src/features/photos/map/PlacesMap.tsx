import './places-map.css';
import type { PhotoItem, PhotoPlace } from '@phonecloud/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { platformQueries } from '../../../api/platform-queries';
import { usesOfflineBase } from '../../../components/map/base-map-rules';
import { NO_TILES, type TileSettings, toMapPoint } from '../../../components/map/coords';
import { openMap } from '../../../components/map/leaflet-map';
import { filterKey, placeCalls, thumbUrl } from '../photo-calls';
import { filterFromForm, formFromParams } from '../search/search-filter';
import { cellForZoom, placeTitle } from './cells';
import { PlaceList } from './PlaceList';
import { PlacePanel } from './PlacePanel';
import { PlaceViewer } from './PlaceViewer';

/** China, whole, before the places are known. */
const START = { centre: { latitude: 35, longitude: 105 }, zoom: 4 };
/** The first fit to the places stops here: one place alone is shown as a town, not a street. */
const FIT_MAX_ZOOM = 12;

/** A place's marker: its cover's thumbnail and its count, built as elements (text as text). */
function markerIcon(place: PhotoPlace): L.DivIcon {
  const el = document.createElement('span');
  el.className = 'photo-pin__inner';
  const img = document.createElement('img');
  img.src = thumbUrl(place.cover_id);
  img.alt = '';
  img.draggable = false;
  const count = document.createElement('span');
  count.className = 'photo-pin__count';
  count.textContent = String(place.count);
  el.append(img, count);
  return L.divIcon({ className: 'photo-pin', html: el, iconSize: [56, 56], iconAnchor: [28, 28] });
}

/** The Leaflet map and its zoom, opened once the deployment's tile settings are known. */
function useLeaflet(box: React.RefObject<HTMLElement | null>, tiles: TileSettings | null) {
  const [map, setMap] = useState<L.Map | null>(null);
  const [zoom, setZoom] = useState(START.zoom);
  useEffect(() => {
    const el = box.current;
    if (!el || !tiles) return;
    const opened = openMap(el, tiles, {
      centre: toMapPoint(START.centre, tiles.tileCoords),
      zoom: START.zoom,
    });
    const zoomed = () => setZoom(opened.map.getZoom());
    opened.map.on('zoomend', zoomed);
    setMap(opened.map);
    return () => {
      opened.map.off('zoomend', zoomed);
      setMap(null);
      opened.close();
    };
  }, [box, tiles]);
  return { map, zoom };
}

/** The places as markers on `map`; a marker's click (or Enter) chooses its place. */
function usePlaceMarkers(
  map: L.Map | null,
  tiles: TileSettings | null,
  places: PhotoPlace[] | undefined,
  choose: (place: PhotoPlace) => void,
  /** Another search: the view goes again where its photos are. */
  search: string,
) {
  const fitted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search is the reason to fit again.
  useEffect(() => {
    fitted.current = false;
  }, [search]);
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  useEffect(() => {
    if (!map || !tiles || !places) return;
    const layer = L.layerGroup();
    const points: [number, number][] = [];
    const labels: [L.Marker, string][] = [];
    for (const place of places) {
      const at = toMapPoint(place, tiles.tileCoords);
      points.push(at);
      const label = `${placeTitle(place)}：${place.count} 项`;
      const marker = L.marker(at, { icon: markerIcon(place), title: label, riseOnHover: true })
        .on('click', () => chooseRef.current(place))
        .addTo(layer);
      labels.push([marker, label]);
    }
    layer.addTo(map);
    // Named by its place, not by the count its badge reads (Leaflet makes the icon a button).
    for (const [marker, label] of labels) marker.getElement()?.setAttribute('aria-label', label);
    // Once, on the first answer: the view goes where the photos are.
    if (!fitted.current && points.length > 0) {
      fitted.current = true;
      map.fitBounds(L.latLngBounds(points), { padding: [48, 48], maxZoom: FIT_MAX_ZOOM });
    }
    return () => {
      layer.remove();
    };
  }, [map, tiles, places]);
}

/**
 * The photos' map (/photo/map): every place the photos were taken (or a search's photos, its
 * conditions in the address), grouped by a grid that follows the zoom, each shown by its newest
 * photo and its count, and listed under the map. A marker opens the place's
 * photos beside the map (below it on a phone); a photo opens over the window.
 */
export default function PlacesMap() {
  const info = useQuery(platformQueries.info());
  const tiles = info.data ? (info.data.find ?? NO_TILES) : null;
  const box = useRef<HTMLElement>(null);
  const { map, zoom } = useLeaflet(box, tiles);
  const cell = cellForZoom(zoom);
  // A search's conditions travel in the address (搜索 → 在地图上查看): the map shows its places.
  const [params] = useSearchParams();
  const filter = useMemo(() => filterFromForm(formFromParams(params)), [params]);
  const places = useQuery({
    queryKey: ['photo', 'places', cell, filterKey(filter ?? {})],
    // The cell travels with its answer: a place is boxed with the cell it was grouped by.
    queryFn: async () => ({ cell, places: await placeCalls.places(cell, filter ?? {}) }),
    placeholderData: keepPreviousData,
  });
  const [chosen, setChosen] = useState<{ place: PhotoPlace; cell: number } | null>(null);
  const [viewing, setViewing] = useState<{ items: PhotoItem[]; index: number } | null>(null);
  const answer = places.data;
  const choose = (place: PhotoPlace) => {
    if (answer) setChosen({ place, cell: answer.cell });
  };
  const search = filterKey(filter ?? {});
  usePlaceMarkers(map, tiles, answer?.places, choose, search);
  // A place chosen under another search is not this one's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search is the reason to close it.
  useEffect(() => setChosen(null), [search]);

  return (
    <section className="photo-map-page">
      <h2 className="photo-page__title">地点</h2>
      {filter && (
        <p className="photo-map__filter">
          搜索结果的地点
          <Link to={`/photo/search?${params.toString()}`}>返回搜索</Link>
          <Link to="/photo/map">全部地点</Link>
        </p>
      )}
      {answer && answer.places.length === 0 && (
        <p className="photo-map__empty">
          {filter ? '没有符合条件且带位置信息的照片' : '还没有带位置信息的照片'}
        </p>
      )}
      <div className="photo-map">
        <div className="photo-map__wrap">
          <section ref={box} className="photo-map__map" aria-label="照片地图" />
          {tiles && usesOfflineBase(tiles) && (
            <div className="photo-map__note">离线底图（未配置在线地图）</div>
          )}
          {answer && answer.places.length > 0 && (
            <PlaceList places={answer.places} chosen={chosen?.place ?? null} onChoose={choose} />
          )}
        </div>
        {chosen && (
          <PlacePanel
            key={`${chosen.cell}:${chosen.place.cover_id}`}
            place={chosen.place}
            cell={chosen.cell}
            filter={filter ?? {}}
            onClose={() => setChosen(null)}
            onOpen={(items, index) => setViewing({ items, index })}
          />
        )}
      </div>
      {viewing && (
        <PlaceViewer
          items={viewing.items}
          index={viewing.index}
          onIndex={(index) => setViewing({ ...viewing, index })}
          onClose={() => setViewing(null)}
        />
      )}
    </section>
  );
}
