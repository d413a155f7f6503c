import './sync-held-banner.css';
import { WarningOutlined } from '@ant-design/icons';
import { SYNC_AREA_NAMES, type SyncArea, SyncMsg, syncBannerText } from '@phonecloud/shared';
import { Button } from 'antd';
import type { HeldSyncs } from './use-held-syncs';

export interface SyncHeldBannerProps {
  area: SyncArea;
  state: HeldSyncs;
  /** Names the data set in the banner (where one screen shows another set's too: the calendar's). */
  showArea?: boolean;
}

/**
 * The mass-deletion banner (docs/phone-sync.md): one line per sync the guard held on this area,
 * 「手机“X”的同步将删除 N 条数据（共 M 条），已暂停。」, with apply and refuse. Nothing when none is
 * held.
 */
export function SyncHeldBanner({ area, state, showArea = false }: SyncHeldBannerProps) {
  if (state.held.length === 0) return null;
  return (
    <div className="sync-held" data-area={area}>
      {state.held.map((h) => {
        const device = `${h.brand} ${h.model}`.trim() || h.device_id;
        const busy = state.busy?.held_id === h.held_id ? state.busy.action : null;
        return (
          <div className="sync-held__item" role="alert" key={h.held_id} data-held={h.held_id}>
            <WarningOutlined className="sync-held__icon" aria-hidden />
            <p className="sync-held__text">
              {showArea && <span className="sync-held__area">{SYNC_AREA_NAMES[area]}</span>}
              {syncBannerText(device, h.deletes, h.total)}
            </p>
            <div className="sync-held__actions">
              <Button
                danger
                loading={busy === 'apply'}
                disabled={busy !== null}
                onClick={() => state.apply(h.held_id)}
              >
                {SyncMsg.BANNER_APPLY}
              </Button>
              <Button
                type="primary"
                loading={busy === 'refuse'}
                disabled={busy !== null}
                onClick={() => state.refuse(h.held_id)}
              >
                {SyncMsg.BANNER_REFUSE}
              </Button>
            </div>
          </div>
        );
      })}
    </div>
  );
}
