import { Msg } from '@phonecloud/shared';
import { Button, Result, Spin } from 'antd';
import { useDeviceList } from '../api/find-queries';
import { DeviceRows } from '../list/DeviceListScreen';
import { T } from '../texts';
import { MapView } from './MapView';

/** /find/index: the map of the account's first phone, or the empty state when it has none. */
export function FindIndex() {
  const { data, isError, refetch, isFetching } = useDeviceList();
  const first = data?.list[0];
  if (first) return <MapView device={first} />;
  return (
    <section className="find-list" aria-labelledby="find-list-title" aria-busy={!data && !isError}>
      <header className="find-list__head">
        <h1 id="find-list-title">{T.title}</h1>
      </header>
      {data ? (
        <DeviceRows devices={data.list} />
      ) : isError ? (
        <Result
          status="warning"
          title={Msg.NET_LIST}
          extra={
            <Button loading={isFetching} onClick={() => void refetch()}>
              {T.retry}
            </Button>
          }
        />
      ) : (
        <Spin className="find-loading" />
      )}
    </section>
  );
}
