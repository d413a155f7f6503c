import { ReloadOutlined } from '@ant-design/icons';
import { PrimaryButton } from '../../../components/PrimaryButton';
import type { LocateStatus } from '../state/use-locate';
import { T } from '../texts';
import { Panel, PanelMessage } from './Panel';

export function RefreshPanel({
  status,
  message,
  onRefresh,
}: {
  status: LocateStatus;
  message: string;
  onRefresh: () => void;
}) {
  const locating = status === 'locating';
  return (
    <Panel id="refresh" title={T.refresh} hint={T.refreshHint}>
      <PrimaryButton icon={<ReloadOutlined />} loading={locating} onClick={onRefresh} block>
        {locating ? T.locating : T.refresh}
      </PrimaryButton>
      {status === 'located' && <PanelMessage tone="ok" text={T.located} />}
      {status === 'offline' && <PanelMessage text={T.offlineStop} />}
      {status === 'error' && <PanelMessage text={message} />}
    </Panel>
  );
}
