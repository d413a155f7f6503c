import type { PhotoPlace } from '@phonecloud/shared';
import { placeTitle } from './cells';

/**
 * The places as a list under the map, most photos first: what the markers show, readable without
 * panning, and reachable by keyboard or a screen reader in one tab stop each.
 */
export function PlaceList({
  places,
  chosen,
  onChoose,
}: {
  places: readonly PhotoPlace[];
  chosen: PhotoPlace | null;
  onChoose: (place: PhotoPlace) => void;
}) {
  const sorted = [...places].sort((a, b) => b.count - a.count || placeTitle(a).localeCompare(placeTitle(b)));
  return (
    <nav className="photo-map__list" aria-label="地点列表">
      <ul>
        {sorted.map((place) => (
          <li key={`${place.latitude},${place.longitude}`}>
            <button
              type="button"
              aria-current={chosen?.cover_id === place.cover_id ? 'true' : undefined}
              onClick={() => onChoose(place)}
            >
              <span className="photo-map__list-name">{placeTitle(place)}</span>
              <span className="photo-map__list-count">{place.count} 项</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
