import { EllipsisOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { T } from '../texts';

export interface NoteMenuItem {
  key: string;
  label: string;
  danger?: boolean;
}

/**
 * A note's "more" menu. A box shows a dozen cards and a board up to a hundred notes: an antd
 * Dropdown (with its trigger, popup and motion machinery) in each of them made the page's first
 * render several times slower. So a note holds only a plain button; the Dropdown is mounted the
 * first time that button is pressed, already open, and stays for the later presses.
 */
export function NoteMenu({ items, onPick }: { items: readonly NoteMenuItem[]; onPick(key: string): void }) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasArmed = useRef(false);
  useEffect(() => {
    // The button was drawn again inside the Dropdown: the keyboard's focus stays on it.
    if (armed && !wasArmed.current) button.current?.focus();
    wasArmed.current = armed;
  }, [armed]);
  const trigger = (
    <button
      ref={button}
      type="button"
      className="note-tool"
      aria-label={T.more}
      aria-haspopup="menu"
      aria-expanded={open}
      onClick={
        armed
          ? undefined
          : () => {
              setArmed(true);
              setOpen(true);
            }
      }
    >
      <EllipsisOutlined />
    </button>
  );
  if (!armed) return trigger;
  const menu: MenuProps = {
    items: items.map((i) => ({ ...i })),
    onClick: ({ key }) => {
      setOpen(false);
      onPick(key);
    },
  };
  return (
    <Dropdown trigger={['click']} open={open} onOpenChange={setOpen} menu={menu}>
      {trigger}
    </Dropdown>
  );
}
