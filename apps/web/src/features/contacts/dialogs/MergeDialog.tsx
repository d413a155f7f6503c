import { MergeCellsOutlined } from '@ant-design/icons';
import {
  CONTACT_TRUNCATE,
  type Contact,
  ContactMsg,
  mergedGroups,
  type RepeatList,
} from '@phonecloud/shared';
import { Button, Checkbox, Empty, Modal, Result, Spin } from 'antd';
import { useState } from 'react';
import { isApiError, shouldReport } from '../../../api';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { contactCalls } from '../api/contact-calls';
import type { Book } from '../book/book';
import { useBookSync } from '../book/use-book';
import { avatarUrl, displayName, primaryPhone } from '../format/contact-view';
import { truncate } from '../format/truncate';
import { T } from '../texts';
import {
  groupCounts,
  initialSelection,
  type MergeGroup,
  type MergeSelection,
  mergeGroupsOf,
  mergeRequest,
  perItem,
  selectedGroupCount,
  setGroups,
  setItem,
} from './merge-selection';

type Stage =
  | { kind: 'index' }
  | { kind: 'loading' }
  | { kind: 'list'; data: RepeatList; groups: MergeGroup[] }
  | { kind: 'success'; merged: number }
  | { kind: 'failed'; message: string };

/** Duplicate merge: index, loading, the two lists, no duplicates, success, failure (spec 001 §4). */
export function MergeDialog({ book, onClose }: { book: Book; onClose(): void }) {
  const sync = useBookSync();
  const [stage, setStage] = useState<Stage>({ kind: 'index' });
  const [sel, setSel] = useState<MergeSelection>({});
  const [merging, setMerging] = useState(false);

  const find = async () => {
    setStage({ kind: 'loading' });
    try {
      const data = await contactCalls.repeatList();
      const groups = mergeGroupsOf(data);
      setSel(initialSelection(groups));
      setStage({ kind: 'list', data, groups });
    } catch (e) {
      if (shouldReport(e)) setStage({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  };

  const merge = async (groups: MergeGroup[]) => {
    setMerging(true);
    try {
      const result = await contactCalls.merge(book.syncVersion, mergeRequest(sel, groups));
      await sync();
      setStage({ kind: 'success', merged: result.merged });
    } catch (e) {
      if (!shouldReport(e)) return;
      setStage({
        kind: 'failed',
        message: isApiError(e) && e.kind === 'business' ? e.message : ContactMsg.MERGE_NOTHING,
      });
    } finally {
      setMerging(false);
    }
  };

  const count = stage.kind === 'list' ? selectedGroupCount(sel, stage.groups) : 0;
  const footer =
    stage.kind === 'list' && stage.groups.length > 0 ? (
      <div className="dialog-foot">
        <Button onClick={onClose}>{T.cancel}</Button>
        <PrimaryButton disabled={count === 0} loading={merging} onClick={() => void merge(stage.groups)}>
          {T.mergeButton(count)}
        </PrimaryButton>
      </div>
    ) : null;

  return (
    <Modal open title={T.merge} onCancel={onClose} footer={footer} width={680} className="merge-dialog">
      {stage.kind === 'index' && <MergeIntro onFind={() => void find()} />}
      {stage.kind === 'loading' && <MergeFinding />}
      {stage.kind === 'list' &&
        (stage.groups.length === 0 ? (
          <Empty className="merge-none" description={T.noDuplicates} />
        ) : (
          <div className="merge-lists">
            <MergeList
              title={T.identical}
              groups={stage.groups.filter((g) => g.list === 'same')}
              info={stage.data.repeat_info}
              sel={sel}
              onChange={setSel}
            />
            <MergeList
              title={T.possible}
              groups={stage.groups.filter((g) => g.list === 'repeat')}
              info={stage.data.repeat_info}
              sel={sel}
              onChange={setSel}
            />
          </div>
        ))}
      {stage.kind === 'success' && (
        <Result
          status="success"
          title={mergedGroups(stage.merged)}
          extra={<PrimaryButton onClick={onClose}>{T.ok}</PrimaryButton>}
        />
      )}
      {stage.kind === 'failed' && (
        <Result
          status="warning"
          title={stage.message}
          extra={<PrimaryButton onClick={() => void find()}>{T.findAgain}</PrimaryButton>}
        />
      )}
    </Modal>
  );
}

/** Before the search: what merging does, and the button that starts looking. */
function MergeIntro({ onFind }: { onFind(): void }) {
  return (
    <div className="merge-index">
      <MergeCellsOutlined className="merge-index__icon" />
      <p>{T.mergeIntro}</p>
      <PrimaryButton onClick={onFind}>{T.startFind}</PrimaryButton>
    </div>
  );
}

function MergeFinding() {
  return (
    <div className="merge-loading">
      <Spin />
      <p>{T.finding}</p>
    </div>
  );
}

function MergeList({
  title,
  groups,
  info,
  sel,
  onChange,
}: {
  title: string;
  groups: MergeGroup[];
  info: Record<string, Contact>;
  sel: MergeSelection;
  onChange(sel: MergeSelection): void;
}) {
  if (groups.length === 0) return null;
  const on = groups.filter((g) => groupCounts(sel, g)).length;
  return (
    <section className="merge-list" aria-label={title}>
      <div className="merge-list__head">
        <Checkbox
          checked={on === groups.length}
          indeterminate={on > 0 && on < groups.length}
          onChange={(e) => onChange(setGroups(sel, groups, e.target.checked))}
        >
          {T.selectAll}
        </Checkbox>
        <span className="merge-list__title">
          {title}（{T.groupCount(groups.length)}）
        </span>
      </div>
      {groups.map((g) => {
        const picked = sel[g.key] ?? [];
        const counts = groupCounts(sel, g);
        return (
          <div key={g.key} className={`merge-group${counts ? ' is-on' : ''}`} data-group={g.key}>
            <Checkbox
              className="merge-group__check"
              checked={counts}
              indeterminate={!counts && picked.length > 0}
              onChange={(e) => onChange(setGroups(sel, [g], e.target.checked))}
              aria-label={`选择第 ${g.key.slice(1)} 组`}
            />
            <ul className="merge-group__members">
              {g.ids.map((id) => {
                const c = info[id];
                if (!c) return null;
                const name = displayName(c);
                return (
                  <li key={id} className="merge-member">
                    {perItem(g) && (
                      <Checkbox
                        checked={picked.includes(id)}
                        onChange={(e) => onChange(setItem(sel, g, id, e.target.checked))}
                        aria-label={`选择 ${name}`}
                      />
                    )}
                    <ContactAvatar name={name} url={avatarUrl(c)} size={28} />
                    <span className="merge-member__name" title={name}>
                      {truncate(name, CONTACT_TRUNCATE.name)}
                    </span>
                    <span className="merge-member__phone">
                      {truncate(primaryPhone(c), CONTACT_TRUNCATE.phone)}
                    </span>
                    <span className="merge-member__email">
                      {truncate(c.content.email[0]?.address ?? '', CONTACT_TRUNCATE.email)}
                    </span>
                  </li>
                );
              })}
            </ul>
            {perItem(g) && picked.length === 1 && <div className="merge-group__hint">{T.mergeNeedTwo}</div>}
          </div>
        );
      })}
    </section>
  );
}
