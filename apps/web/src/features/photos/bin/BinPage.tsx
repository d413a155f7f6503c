import { CheckCircleFilled, ClearOutlined, DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { PHOTO_BIN_DAYS, PHOTO_IDS_MAX, type PhotoItem } from '@phonecloud/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { confirm } from '../../../components/confirm';
import { toast } from '../../../components/toast';
import { photoCalls, photoKeys, thumbUrl } from '../photo-calls';
import { keepShown, NO_SELECTION, type Selection, selectRange, toggleOne } from '../select/selection';
import { daysLeftText } from './days-left';

function BinCell({
  item,
  selected,
  now,
  onPick,
}: {
  item: PhotoItem;
  selected: boolean;
  now: number;
  onPick: (id: number, range: boolean) => void;
}) {
  const label = `${item.kind === 'video' ? '视频' : '照片'} ${item.taken.replace('T', ' ')}`;
  return (
    <li className={`photo-cell photo-cell--selecting${selected ? ' photo-cell--selected' : ''}`}>
      <button
        type="button"
        className="photo-cell__open"
        aria-label={label}
        aria-pressed={selected}
        onClick={(e) => onPick(item.id, e.shiftKey)}
      >
        {item.ready ? <img src={thumbUrl(item.id)} alt="" loading="lazy" draggable={false} /> : null}
        <span className="photo-cell__badge photo-cell__left">
          {item.trashed_at !== undefined ? daysLeftText(item.trashed_at, now) : ''}
        </span>
      </button>
      <span className="photo-cell__check" aria-hidden>
        <CheckCircleFilled />
      </span>
    </li>
  );
}

/** The bin's calls; each refreshes the whole area (a recovered photo is back in its months). */
function useBinCalls(ids: number[], onDone: () => void) {
  const queryClient = useQueryClient();
  const done = (text: string) => {
    toast.success(text);
    onDone();
    void queryClient.invalidateQueries({ queryKey: photoKeys.all });
  };
  return {
    recover: useMutation({ mutationFn: () => photoCalls.binRecover(ids), onSuccess: () => done('已恢复') }),
    purge: useMutation({ mutationFn: () => photoCalls.binDelete(ids), onSuccess: () => done('已彻底删除') }),
    empty: useMutation({ mutationFn: photoCalls.binEmpty, onSuccess: () => done('已清空最近删除') }),
  };
}

const askFirst = (title: string, content: string, onOk: () => Promise<unknown>) =>
  confirm({
    title,
    content,
    okText: '确定',
    okButtonProps: { danger: true },
    cancelText: '取消',
    onOk: () => onOk().catch(() => undefined),
  });

/**
 * 最近删除: the photos deleted in the last PHOTO_BIN_DAYS days, latest first, each with the days
 * it has left; ticked ones are recovered or deleted for good, or the whole bin is emptied.
 */
export function BinPage() {
  const bin = useInfiniteQuery({
    queryKey: photoKeys.bin,
    queryFn: ({ pageParam }) => photoCalls.binList(pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (page) => page.next || undefined,
  });
  const items = useMemo(() => bin.data?.pages.flatMap((p) => p.items) ?? [], [bin.data]);
  const [sel, setSel] = useState<Selection>(NO_SELECTION);
  useEffect(() => setSel((s) => keepShown(s, new Set(items.map((i) => i.id)))), [items]);
  const ids = [...sel.ids];
  const calls = useBinCalls(ids, () => setSel(NO_SELECTION));
  const now = Date.now();
  const pick = (id: number, range: boolean) =>
    setSel((s) =>
      range
        ? selectRange(
            s,
            items.map((i) => i.id),
            id,
          )
        : toggleOne(s, id),
    );
  const tooMany = ids.length > PHOTO_IDS_MAX;
  if (bin.isPending) return <Skeleton active />;
  return (
    <section className="photo-bin" aria-label="最近删除">
      <p className="photo-bin__note">照片和视频删除后在这里保留 {PHOTO_BIN_DAYS} 天，之后会彻底删除。</p>
      <div className="photo-toolbar photo-select-bar" role="toolbar" aria-label="最近删除的照片">
        <span className="photo-select-bar__count">已选 {ids.length} 项</span>
        <Button onClick={() => setSel({ ids: new Set(items.map((i) => i.id)), anchor: null })}>全选</Button>
        <Button
          icon={<RollbackOutlined />}
          disabled={!ids.length || tooMany}
          onClick={() =>
            askFirst(`恢复选中的 ${ids.length} 项？`, '恢复后回到时间线原来的位置', calls.recover.mutateAsync)
          }
        >
          恢复
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={!ids.length || tooMany}
          onClick={() =>
            askFirst(`彻底删除选中的 ${ids.length} 项？`, '彻底删除后无法恢复', calls.purge.mutateAsync)
          }
        >
          彻底删除
        </Button>
        <Button
          danger
          icon={<ClearOutlined />}
          disabled={!items.length}
          onClick={() =>
            askFirst('清空最近删除？', '其中的照片和视频都将彻底删除，无法恢复', calls.empty.mutateAsync)
          }
        >
          清空
        </Button>
      </div>
      {tooMany && <p className="field-error">一次最多操作 {PHOTO_IDS_MAX} 项</p>}
      {items.length ? (
        <ul className="photo-bin__grid">
          {items.map((item) => (
            <BinCell key={item.id} item={item} selected={sel.ids.has(item.id)} now={now} onPick={pick} />
          ))}
        </ul>
      ) : (
        <Empty description="最近删除中没有照片" />
      )}
      {bin.hasNextPage && (
        <Button block loading={bin.isFetchingNextPage} onClick={() => void bin.fetchNextPage()}>
          加载更多
        </Button>
      )}
    </section>
  );
}
