import { GROUP_NAME_MAX } from '@phonecloud/shared';
import { Input } from 'antd';
import { T } from '../texts';

/** A group's name with its count and the rule it breaks, for the new-group and edit-group dialogs. */
export function GroupNameField({
  value,
  error,
  onChange,
  onEnter,
}: {
  value: string;
  error: string | null;
  /** A keystroke; the dialog clears its error with it. */
  onChange(value: string): void;
  onEnter(): void;
}) {
  return (
    <>
      <Input
        autoFocus
        value={value}
        maxLength={GROUP_NAME_MAX}
        showCount
        placeholder={T.groupNamePlaceholder}
        aria-label={T.groupName}
        status={error ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value)}
        onPressEnter={onEnter}
      />
      <div className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </>
  );
}
