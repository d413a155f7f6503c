import { Button, Result } from 'antd';
import { T } from '../texts';

/**
 * A pop-up's list that could not be loaded: says so and offers to load it again, in place of the
 * list's empty state, which would claim there is nothing. The reason (the server's message or the
 * network retry text) is already the query cache's error toast, as for the book itself.
 */
export function LoadFailed({
  retrying,
  onRetry,
  compact = false,
}: {
  retrying: boolean;
  onRetry(): void;
  /** Inside a part of a pop-up (the time machine's changes): no large icon. */
  compact?: boolean;
}) {
  return (
    <div role="alert">
      <Result
        status="warning"
        icon={compact ? null : undefined}
        title={T.loadFailed}
        extra={
          <Button loading={retrying} onClick={onRetry}>
            {T.retry}
          </Button>
        }
      />
    </div>
  );
}
