import type { FindLocateData } from '@phonecloud/shared';
import type { LocateStatus } from '../state/use-locate';
import { T } from '../texts';
import { formatCoords, formatTime } from './coords';

/** The place as text: what the phone resolved, its coordinates (WGS-84), accuracy and time. */
export function LocationCard({ data, status }: { data: FindLocateData | null; status: LocateStatus }) {
  const at = data?.phone_location;
  const fresh = data?.latest === 1;
  return (
    <div className="find-location" aria-live="polite">
      <p className="find-location__state">
        {status === 'locating' ? T.locating : fresh ? T.located : at ? T.lastKnown : T.noLocation}
      </p>
      {at && (
        <dl className="find-location__facts">
          <dt>{T.place}</dt>
          <dd className="find-location__place">{at.location}</dd>
          <dt>{T.coords}</dt>
          <dd className="find-location__coords">
            {formatCoords(at)} <span className="find-location__accuracy">{T.accuracy(at.accuracy)}</span>
          </dd>
          <dt>{T.time}</dt>
          <dd className="find-location__time">{formatTime(at.locate_time)}</dd>
        </dl>
      )}
    </div>
  );
}
