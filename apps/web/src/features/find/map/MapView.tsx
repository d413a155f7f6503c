import { HistoryOutlined, SwapOutlined } from '@ant-design/icons';
import { type FindDevice, FindFunction } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { platformQueries } from '../../../api/platform-queries';
import { NO_TILES } from '../../../components/map/coords';
import { deviceName } from '../api/find-queries';
import { OnlineTag } from '../list/DeviceListScreen';
import { LockPanel } from '../panels/LockPanel';
import { RefreshPanel } from '../panels/RefreshPanel';
import { RingPanel } from '../panels/RingPanel';
import { WipePanel } from '../panels/WipePanel';
import { useLocate } from '../state/use-locate';
import { T } from '../texts';
import { DeviceMap } from './DeviceMap';
import { HistoryDialog } from './HistoryDialog';
import { LocationCard } from './LocationCard';

/** One phone's map page: where it is, and a panel for each function it offers. */
export function MapView({ device }: { device: FindDevice }) {
  const { data: info } = useQuery(platformQueries.info());
  const locate = useLocate(device.device_id);
  const [history, setHistory] = useState(false);
  const has = (fn: number) => device.functions.includes(fn as FindDevice['functions'][number]);
  const online = locate.data?.is_online ?? device.is_online;
  const locked = (locate.data?.locked ?? device.locked) === 1;
  return (
    <section className="find-page" aria-labelledby="find-device-title" data-device={device.device_id}>
      <header className="find-page__head">
        <h1 id="find-device-title" className="find-page__name">
          {deviceName(device)}
        </h1>
        <OnlineTag online={locate.status === 'locating' && !locate.data ? undefined : online} />
        <span className="find-page__tools">
          <Link to="/find/mobileList" className="find-page__switch">
            <SwapOutlined /> {T.switchDevice}
          </Link>
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)}>
            {T.history}
          </Button>
        </span>
      </header>
      <div className="find-page__body">
        <div className="find-page__map">
          <DeviceMap info={info?.find ?? NO_TILES} location={locate.data?.phone_location ?? null} />
          <LocationCard data={locate.data} status={locate.status} />
        </div>
        <div className="find-page__panels">
          <RefreshPanel
            status={locate.status}
            message={locate.message}
            onRefresh={() => void locate.locate()}
          />
          {has(FindFunction.RING) && <RingPanel deviceId={device.device_id} />}
          {has(FindFunction.LOCK) && (
            <LockPanel deviceId={device.device_id} locked={locked} onLocked={locate.setLocked} />
          )}
          {has(FindFunction.WIPE) && <WipePanel deviceId={device.device_id} />}
        </div>
      </div>
      {history && <HistoryDialog deviceId={device.device_id} onClose={() => setHistory(false)} />}
    </section>
  );
}
