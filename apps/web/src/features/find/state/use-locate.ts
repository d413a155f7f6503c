import type { FindLocateData } from '@phonecloud/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { shouldReport } from '../../../api';
import { findCalls } from '../api/find-calls';
import { watchLocate } from './watchers';

export type LocateStatus = 'idle' | 'locating' | 'located' | 'error' | 'offline';

/**
 * The phone's place on the map: the last known location at once, then a locate (opening the page
 * asks the phone where it is; 刷新位置 asks again) polled until the phone answered.
 */
export function useLocate(deviceId: string) {
  const [data, setData] = useState<FindLocateData | null>(null);
  const [status, setStatus] = useState<LocateStatus>('idle');
  const [message, setMessage] = useState('');
  const stop = useRef<(() => void) | null>(null);

  const locate = useCallback(async () => {
    stop.current?.();
    setStatus('locating');
    setMessage('');
    try {
      await findCalls.locate(deviceId);
    } catch (error) {
      if (!shouldReport(error)) return;
      setStatus('error');
      setMessage(error instanceof Error ? error.message : String(error));
      return;
    }
    stop.current = watchLocate({
      fetch: () => findCalls.location(deviceId),
      onData: setData,
      onEnd: (end) => {
        stop.current = null;
        if (end.kind === 'located') setStatus('located');
        else if (end.kind === 'offline') {
          setStatus('offline');
          setData((d) => (d ? { ...d, is_online: 0 } : d));
        } else {
          setStatus('error');
          setMessage(end.message);
        }
      },
    });
  }, [deviceId]);

  useEffect(() => {
    let live = true;
    setData(null);
    findCalls.location(deviceId).then(
      (d) => live && setData((cur) => cur ?? d),
      () => undefined,
    );
    void locate();
    return () => {
      live = false;
      stop.current?.();
      stop.current = null;
    };
  }, [deviceId, locate]);

  return {
    data,
    status,
    message,
    locate,
    setLocked: (locked: 0 | 1) => setData((d) => (d ? { ...d, locked } : d)),
  };
}
