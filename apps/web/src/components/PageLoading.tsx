import './page-loading.css';

/** A page's loading mark (the shell's, drawn without antd): a spinning ring in the skin's colour. */
export function PageLoading() {
  return <div className="page-loading" role="status" aria-label="加载中" />;
}
