import { FindMsg, Msg } from '@phonecloud/shared';
import { Button, Result, Spin } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { useDeviceList } from '../api/find-queries';
import { T } from '../texts';
import { MapView } from './MapView';

/** /find/mobileSearch/{id}: that phone's map, or a note when the account has no such phone. */
export function MapScreen() {
  const { id = '' } = useParams();
  const { data, isError, refetch, isFetching } = useDeviceList();
  const device = data?.list.find((d) => d.device_id === id);
  if (device) return <MapView key={device.device_id} device={device} />;
  if (data) {
    return (
      <Result
        status="warning"
        title={FindMsg.DEVICE_NOT_FOUND}
        extra={<Link to="/find/mobileList">{T.switchDevice}</Link>}
      />
    );
  }
  if (isError) {
    return (
      <Result
        status="warning"
        title={Msg.NET_LIST}
        extra={
          <Button loading={isFetching} onClick={() => void refetch()}>
            {T.retry}
          </Button>
        }
      />
    );
  }
  return <Spin className="find-loading" />;
}
