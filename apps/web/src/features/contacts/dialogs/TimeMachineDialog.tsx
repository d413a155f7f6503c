import { CONTACT_TRUNCATE, type Contact, TIMELINE_WIDTH_PX, type TimeMachineNode } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import { Empty, Modal, Spin, Tabs, Tooltip } from 'antd';
import { useState } from 'react';
import { shouldReport } from '../../../api';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { toast } from '../../../components/toast';
import { contactCalls } from '../api/contact-calls';
import type { Book } from '../book/book';
import { useBookReload } from '../book/use-book';
import { avatarUrl, displayName, primaryPhone } from '../format/contact-view';
import { truncate } from '../format/truncate';
import { T } from '../texts';
import { LoadFailed } from './LoadFailed';
import { loadState } from './load-state';

const when = (ms: number) =>
  new Date(ms).toLocaleString('zh-CN', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

/**
 * The time machine: a timeline of version nodes (each 519 / count px wide), the differences of
 * the picked node against the book now (deleted / added / changed), and restoring the book to it.
 */
export function TimeMachineDialog({ book, onClose }: { book: Book; onClose(): void }) {
  const nodes = useQuery({
    queryKey: ['contacts', 'timeMachine'],
    queryFn: () => contactCalls.timeMachineList(),
    staleTime: 0,
  });
  const list = nodes.data?.list ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  // The newest node until the user picks another.
  const node = list.find((n) => n.object_id === picked) ?? list[list.length - 1];
  const state = loadState(nodes);

  return (
    <Modal
      open
      title={T.timeMachine}
      onCancel={onClose}
      footer={null}
      width={640}
      className="time-machine-dialog"
    >
      <p className="dialog-intro">{T.timeMachineIntro}</p>
      {state === 'loading' ? (
        <Spin className="dialog-spin" />
      ) : state === 'failed' ? (
        <LoadFailed retrying={nodes.isFetching} onRetry={() => void nodes.refetch()} />
      ) : list.length === 0 || !node ? (
        <Empty className="time-machine-empty" description={T.noDestination} />
      ) : (
        <>
          <Timeline nodes={list} current={node.object_id} onPick={setPicked} />
          <NodeChanges key={node.object_id} book={book} node={node} onRestored={onClose} />
        </>
      )}
    </Modal>
  );
}

function Timeline({
  nodes,
  current,
  onPick,
}: {
  nodes: readonly TimeMachineNode[];
  current: string;
  onPick(id: string): void;
}) {
  // The spec's 519 px split among the nodes; on a phone the line narrows to the dialog and the
  // nodes keep their share of it.
  const width = `${100 / nodes.length}%`;
  const line = { width: TIMELINE_WIDTH_PX, maxWidth: '100%' };
  const first = nodes[0];
  const last = nodes[nodes.length - 1];
  const picked = nodes.find((n) => n.object_id === current);
  const named = (n: TimeMachineNode) => `${when(n.time)}，${T.nodeChanges(n.changes)}`;
  return (
    <div className="timeline">
      <div className="timeline__track" style={line}>
        {nodes.map((n) => (
          <Tooltip key={n.object_id} title={named(n)}>
            <button
              type="button"
              className={`timeline__node${n.object_id === current ? ' is-current' : ''}`}
              style={{ width }}
              aria-label={named(n)}
              aria-pressed={n.object_id === current}
              onClick={() => onPick(n.object_id)}
            >
              <span className="timeline__dot" />
            </button>
          </Tooltip>
        ))}
      </div>
      <div className="timeline__ends" style={line}>
        <span>{first ? when(first.time) : ''}</span>
        <span>{last && last !== first ? when(last.time) : ''}</span>
      </div>
      {/* The picked node said in words: a touch has no hover to show the tooltip. */}
      {picked && (
        <p className="timeline__caption" aria-live="polite">
          {named(picked)}
        </p>
      )}
    </div>
  );
}

function NodeChanges({ book, node, onRestored }: { book: Book; node: TimeMachineNode; onRestored(): void }) {
  const reload = useBookReload();
  const [modal, modalHolder] = Modal.useModal();
  const change = useQuery({
    queryKey: ['contacts', 'timeMachine', node.object_id],
    queryFn: () => contactCalls.timeMachineChange(book.syncVersion, node),
    staleTime: 0,
  });
  const idx = change.data?.letter_index;
  const total = idx ? idx.del.length + idx.add.length + idx.upd.length : 0;
  const state = loadState(change);
  const people = (ids: readonly string[]) => (
    <ul className="tm-list">
      {ids.map((id) => {
        const c = change.data?.list[id];
        return c ? <TmItem key={id} contact={c} /> : null;
      })}
    </ul>
  );

  const restore = () =>
    void modal.confirm({
      title: T.restoreToNode,
      content: T.restoreNodeConfirm(when(node.time)),
      okText: T.restore,
      cancelText: T.cancel,
      onOk: async () => {
        try {
          await contactCalls.timeMachineRecover(book.syncVersion, node.object_id);
          await reload();
          toast.success(T.nodeRestored);
          onRestored();
        } catch (e) {
          if (shouldReport(e)) toast.error(e instanceof Error ? e.message : String(e));
        }
      },
    });

  return (
    <div className="tm-changes">
      {modalHolder}
      <div className="tm-changes__head">
        <span className="tm-changes__when">{when(node.time)}</span>
        <PrimaryButton size="small" disabled={!idx || total === 0} onClick={restore}>
          {T.restoreToNode}
        </PrimaryButton>
      </div>
      {state === 'loading' ? (
        <Spin className="dialog-spin" />
      ) : state === 'failed' ? (
        <LoadFailed compact retrying={change.isFetching} onRetry={() => void change.refetch()} />
      ) : !idx || total === 0 ? (
        <Empty className="tm-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noChange} />
      ) : (
        <Tabs
          size="small"
          items={[
            { key: 'del', label: `${T.tabDeleted}（${idx.del.length}）`, children: people(idx.del) },
            { key: 'add', label: `${T.tabAdded}（${idx.add.length}）`, children: people(idx.add) },
            { key: 'upd', label: `${T.tabChanged}（${idx.upd.length}）`, children: people(idx.upd) },
          ]}
        />
      )}
    </div>
  );
}

function TmItem({ contact }: { contact: Contact }) {
  const name = displayName(contact);
  return (
    <li className="tm-item">
      <ContactAvatar name={name} url={avatarUrl(contact)} size={28} />
      <span className="tm-item__name" title={name}>
        {truncate(name, CONTACT_TRUNCATE.name)}
      </span>
      <span className="tm-item__phone">{truncate(primaryPhone(contact), CONTACT_TRUNCATE.phone)}</span>
    </li>
  );
}
