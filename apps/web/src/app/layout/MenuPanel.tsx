import { Fragment, type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface MenuItem {
  key: string;
  icon: ReactNode;
  label: string;
  href?: string;
  onSelect?(): void;
  danger?: boolean;
  /** A line above the item. */
  separated?: boolean;
}

interface Props {
  label: string;
  trigger: ReactNode;
  items: readonly MenuItem[];
}

/**
 * A small drop-down menu: opens on hover (CSS) or click, closes on a pick, Escape or a click
 * outside.
 * Written here rather than taken from antd because antd's Dropdown alone would weigh more than
 * the rest of the home page's components.
 */
export function MenuPanel({ label, trigger, items }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const pick = (item: MenuItem) => {
    setOpen(false);
    item.onSelect?.();
  };

  return (
    <div ref={root} className={`menu-panel${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className="menu-panel__trigger"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        {trigger}
      </button>
      <div className="menu-panel__popup">
        <div id={menuId} role="menu" className="menu-panel__list">
          {items.map((item) => (
            <Fragment key={item.key}>
              {item.separated ? <hr className="menu-panel__separator" /> : null}
              {item.href ? (
                <a role="menuitem" href={item.href} className="menu-panel__item" onClick={() => pick(item)}>
                  {item.icon}
                  {item.label}
                </a>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  className={`menu-panel__item${item.danger ? ' is-danger' : ''}`}
                  onClick={() => pick(item)}
                >
                  {item.icon}
                  {item.label}
                </button>
              )}
            </Fragment>
          ))}
        </div>
      </div>
    </div>
  );
}
