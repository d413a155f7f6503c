import { CalendarMsg, type CalendarScopeValue } from '@phonecloud/shared';
import { Modal, Radio } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';

interface Ask {
  kind: 'edit' | 'delete';
  resolve(scope: CalendarScopeValue | null): void;
}

/**
 * "This event / this and following / all": asked when one instance of a series is changed,
 * moved or deleted. `ask` answers the choice, or null when the owner cancels.
 */
export function useScopeAsk(): [(kind: 'edit' | 'delete') => Promise<CalendarScopeValue | null>, ReactNode] {
  const [pending, setPending] = useState<Ask | null>(null);
  const [choice, setChoice] = useState<CalendarScopeValue>('this');
  const ask = useCallback(
    (kind: 'edit' | 'delete') =>
      new Promise<CalendarScopeValue | null>((resolve) => {
        setChoice('this');
        setPending({ kind, resolve });
      }),
    [],
  );
  const end = (scope: CalendarScopeValue | null) => {
    pending?.resolve(scope);
    setPending(null);
  };
  const node = (
    <Modal
      open={pending !== null}
      title={pending?.kind === 'delete' ? CalendarMsg.SCOPE_ASK_DELETE : CalendarMsg.SCOPE_ASK_EDIT}
      okText={pending?.kind === 'delete' ? '删除' : '确定'}
      okButtonProps={{ danger: pending?.kind === 'delete' }}
      cancelText="取消"
      onOk={() => end(choice)}
      onCancel={() => end(null)}
      className="cal-scope"
      width={400}
      destroyOnHidden
    >
      <Radio.Group
        className="cal-scope__choices"
        value={choice}
        onChange={(e) => setChoice(e.target.value as CalendarScopeValue)}
        options={[
          { value: 'this', label: CalendarMsg.SCOPE_THIS },
          { value: 'following', label: CalendarMsg.SCOPE_FOLLOWING },
          { value: 'all', label: CalendarMsg.SCOPE_ALL },
        ]}
      />
    </Modal>
  );
  return [ask, node];
}
