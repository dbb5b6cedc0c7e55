import { useEffect, useId, useRef, useState } from 'react';

export interface DropdownItem<T extends string> {
  value: T;
  label: string;
}

interface DropdownProps<T extends string> {
  items: DropdownItem<T>[];
  value?: T;
  onChange: (value: T) => void;
  label: string;
  className?: string;
}

/**
 * Spec section 4: a click toggles, a click outside closes, the selection starts
 * at the given value or the first item, every selection (the initial one too)
 * calls onChange, and the open list hides the selected item.
 */
export function Dropdown<T extends string>({
  items,
  value,
  onChange,
  label,
  className,
}: DropdownProps<T>) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<T | undefined>(value ?? items[0]?.value);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (value !== undefined) setSelected(value);
  }, [value]);

  useEffect(() => {
    if (selected !== undefined) onChangeRef.current(selected);
  }, [selected]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const current = items.find((item) => item.value === selected);
  return (
    <div className={`dropdown ${className ?? ''}`} ref={root}>
      <button
        type="button"
        className="dropdown__toggle"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${label}: ${current?.label ?? ''}`}
        onClick={() => setOpen((o) => !o)}
      >
        {current?.label}
        <span className="dropdown__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <ul className="dropdown__list" role="listbox" id={listId} aria-label={label}>
          {items
            .filter((item) => item.value !== selected)
            .map((item) => (
              <li key={item.value} role="option" aria-selected="false">
                <button
                  type="button"
                  onClick={() => {
                    setSelected(item.value);
                    setOpen(false);
                  }}
                >
                  {item.label}
                </button>
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
}
