import { CloseOutlined, DownOutlined, RedoOutlined, UpOutlined } from '@ant-design/icons';
import { DriveMsg } from '@phonecloud/shared';
import { Button, Empty, Progress, Tabs } from 'antd';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { FileIcon } from '../listing/FileIcon';
import { DriveText } from '../texts';
import type { UploadQueue, UploadTask } from './upload-queue';

/**
 * The upload list (spec 000 §2): 'uploading' holds waiting, running and failed files, 'finished'
 * the ones that made it; each tab shows its count.
 */
export function UploadPanel({
  queue,
  formatSize,
}: {
  queue: UploadQueue;
  formatSize(bytes: number): string;
}) {
  const tasks = useSyncExternalStore(queue.subscribe, queue.snapshot);
  const [collapsed, setCollapsed] = useState(false);
  const [tab, setTab] = useState('uploading');
  // Newly chosen files: show them where they are going on, even if the finished tab was open.
  const count = tasks.length;
  const seen = useRef(count);
  useEffect(() => {
    if (count > seen.current) {
      setTab('uploading');
      setCollapsed(false);
    }
    seen.current = count;
  }, [count]);
  if (tasks.length === 0) return null;
  const uploading = tasks.filter((t) => t.status !== 'done');
  const finished = tasks.filter((t) => t.status === 'done');
  const list = (items: UploadTask[], empty: string) =>
    items.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} className="upload-panel__empty" />
    ) : (
      <ul className="upload-list">
        {items.map((t) => (
          <UploadRow key={t.id} task={t} formatSize={formatSize} onRetry={() => queue.retry(t.id)} />
        ))}
      </ul>
    );
  return (
    <section className={`upload-panel${collapsed ? ' is-collapsed' : ''}`} aria-label={DriveText.UPLOAD_LIST}>
      <header className="upload-panel__head">
        <span className="upload-panel__title">
          {DriveText.UPLOAD_LIST}
          {uploading.some((t) => t.status === 'running') ? (
            <span className="upload-panel__busy">（{uploading.length}个文件上传中）</span>
          ) : null}
        </span>
        <Button
          type="text"
          size="small"
          aria-label={collapsed ? '展开' : '收起'}
          icon={collapsed ? <UpOutlined /> : <DownOutlined />}
          onClick={() => setCollapsed(!collapsed)}
        />
        <Button
          type="text"
          size="small"
          aria-label="关闭"
          icon={<CloseOutlined />}
          disabled={uploading.some((t) => t.status !== 'failed')}
          onClick={() => queue.clearFinished()}
        />
      </header>
      {collapsed ? null : (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          size="small"
          className="upload-panel__tabs"
          items={[
            {
              key: 'uploading',
              label: `${DriveText.UPLOADING}(${uploading.length})`,
              children: list(uploading, DriveText.NOTHING_UPLOADING),
            },
            {
              key: 'finished',
              label: `${DriveText.FINISHED}(${finished.length})`,
              children: list(finished, DriveText.NOTHING_FINISHED),
            },
          ]}
        />
      )}
    </section>
  );
}

function statusText(t: UploadTask): string {
  if (t.status === 'waiting') return DriveText.WAITING;
  if (t.status === 'running' && t.progress.phase === 'hashing') return DriveText.HASHING;
  if (t.status === 'done') {
    if (t.outcome === 'quick') return DriveText.QUICK_DONE;
    if (t.outcome === 'exists') return DriveText.EXISTS_DONE;
    return DriveText.UPLOAD_DONE;
  }
  return '';
}

function UploadRow({
  task,
  formatSize,
  onRetry,
}: {
  task: UploadTask;
  formatSize(bytes: number): string;
  onRetry(): void;
}) {
  const percent = Math.round(task.progress.fraction * 100);
  return (
    <li className={`upload-row is-${task.status}`} data-name={task.file.name}>
      <span className="upload-row__icon">
        <FileIcon name={task.file.name} folder={false} />
      </span>
      <div className="upload-row__main">
        <div className="upload-row__line">
          <span className="upload-row__name" title={task.file.name}>
            {task.file.name}
          </span>
          <span className="upload-row__size">{formatSize(task.file.size)}</span>
        </div>
        {task.status === 'failed' ? (
          <div className="upload-row__error" role="alert">
            {task.error}
          </div>
        ) : (
          <div className="upload-row__line">
            <Progress
              percent={task.status === 'done' ? 100 : percent}
              size="small"
              showInfo={false}
              status={task.status === 'done' ? 'success' : 'active'}
              strokeColor={
                task.progress.phase === 'hashing' && task.status === 'running' ? '#f5a623' : undefined
              }
              aria-label={`${task.file.name} 上传进度`}
            />
            <span className="upload-row__status">{statusText(task) || `${percent}%`}</span>
          </div>
        )}
      </div>
      {task.status === 'failed' ? (
        <Button
          type="text"
          size="small"
          title={DriveMsg.REUPLOAD}
          aria-label={DriveMsg.REUPLOAD}
          icon={<RedoOutlined />}
          onClick={onRetry}
        />
      ) : null}
    </li>
  );
}
