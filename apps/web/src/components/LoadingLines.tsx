import './page-loading.css';

/** Text still loading, drawn without antd for the shell's cards (antd's Skeleton's look). */
export function LoadingLines({ rows = 2 }: { rows?: number }) {
  return (
    <div className="loading-lines" role="status" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder lines, never reordered.
        <span key={i} />
      ))}
    </div>
  );
}
