import { DeleteOutlined, MobileOutlined, SearchOutlined } from '@ant-design/icons';
import { DeviceOnline, type FindDevice, FindMsg, Msg } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Result, Spin, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { shouldReport } from '../../../api';
import { confirm } from '../../../components/confirm';
import { toast } from '../../../components/toast';
import { findCalls, findKeys } from '../api/find-calls';
import { deviceName, useDeviceList } from '../api/find-queries';
import { T } from '../texts';

/** /find/mobileList: the count, each phone with its online state, find and delete. */
export function DeviceListScreen() {
  return <DevicesSection title={T.myDevices} withCount />;
}

/**
 * The account's phones under a title (with their count where `withCount`): the list, the retry
 * when it could not be loaded, or the spinner while it loads.
 */
export function DevicesSection({ title, withCount = false }: { title: string; withCount?: boolean }) {
  const { data, isError, refetch, isFetching } = useDeviceList();
  return (
    <section className="find-list" aria-labelledby="find-list-title" aria-busy={!data && !isError}>
      <header className="find-list__head">
        <h1 id="find-list-title">{title}</h1>
        {withCount && data && <span className="find-list__count">{T.deviceCount(data.count)}</span>}
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

/** The list itself, or the spec's empty state. */
export function DeviceRows({ devices }: { devices: readonly FindDevice[] }) {
  if (devices.length === 0) {
    return (
      <Empty className="find-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={FindMsg.NO_DEVICE} />
    );
  }
  return (
    <ul className="find-devices">
      {devices.map((d) => (
        <DeviceRow key={d.device_id} device={d} />
      ))}
    </ul>
  );
}

function DeviceRow({ device }: { device: FindDevice }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const name = deviceName(device);
  const remove = () =>
    confirm({
      title: T.deleteTitle,
      content: T.deleteBody(name),
      okText: T.delete,
      cancelText: T.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await findCalls.remove(device.device_id);
          toast.success(T.deleted);
        } catch (error) {
          if (shouldReport(error)) toast.error(error instanceof Error ? error.message : String(error));
        }
        await client.invalidateQueries({ queryKey: findKeys.list });
      },
    });
  return (
    <li className="find-device" data-device={device.device_id}>
      <MobileOutlined className="find-device__icon" aria-hidden />
      <div className="find-device__text">
        <span className="find-device__name">{name}</span>
        <OnlineTag online={device.is_online} />
      </div>
      <div className="find-device__actions">
        <Button
          type="primary"
          icon={<SearchOutlined />}
          aria-label={`${T.find} ${name}`}
          onClick={() => navigate(`/find/mobileSearch/${encodeURIComponent(device.device_id)}`)}
        >
          {T.find}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={remove} aria-label={`${T.delete} ${name}`}>
          {T.delete}
        </Button>
      </div>
    </li>
  );
}

/** 1 online, 0 offline, anything else still being asked (spec 001 §2). */
export function OnlineTag({ online }: { online: number | undefined }) {
  if (online === DeviceOnline.ONLINE)
    return (
      <Tag color="success" className="find-online">
        {T.online}
      </Tag>
    );
  if (online === DeviceOnline.OFFLINE)
    return (
      <Tag color="default" className="find-online">
        {T.offline}
      </Tag>
    );
  return (
    <Tag color="processing" className="find-online">
      {T.checking}
    </Tag>
  );
}
