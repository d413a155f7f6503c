import { MinusCircleOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import type { ReactNode } from 'react';
import { T } from '../texts';

interface Props {
  types?: ReadonlyArray<readonly [number, string]>;
  type?: number;
  onType?(type: number): void;
  typeLabel?: string;
  children: ReactNode;
  error?: string;
  /** Shown under the line (an address's parts). */
  below?: ReactNode;
  onRemove(): void;
}

/** One entry of a list section: its type, its input(s), the delete icon and its inline error. */
export function RowLine({ types, type, onType, typeLabel, children, error, below, onRemove }: Props) {
  return (
    <div className={`editor-row${error ? ' has-error' : ''}`}>
      <div className="editor-row__line">
        {types && type !== undefined && onType && (
          <Select
            className="editor-row__type"
            size="middle"
            value={type}
            onChange={onType}
            aria-label={typeLabel}
            options={types.map(([value, label]) => ({ value, label }))}
            popupMatchSelectWidth={false}
          />
        )}
        {children}
        <Button
          type="text"
          className="editor-row__remove"
          icon={<MinusCircleOutlined />}
          aria-label={T.removeRow}
          title={T.removeRow}
          onClick={onRemove}
        />
      </div>
      {below}
      {error && (
        <div className="field-error editor-row__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
