import { useState, type ReactNode } from 'react';
import { ConfirmBox } from '../../../components/ui/confirm-box';
import { TextField } from '../../../components/ui/text-field';

/** The API's bounds of an operator's note (OperatorNote in the deposits DTOs). */
const NOTE_MIN = 3;
const NOTE_MAX = 500;

/**
 * One operator decision that needs a note (resolving a reconciler item,
 * dismissing a held deposit): the button, then what the decision does, the
 * note, Cancel and Confirm (enabled once the note is long enough). The row
 * leaves its list when the decision is taken, and this with it.
 */
export function NoteDecision({
  action,
  noteLabel,
  busy,
  onOpen,
  onConfirm,
  children,
}: {
  action: string;
  noteLabel: string;
  busy: boolean;
  onOpen: () => void;
  onConfirm: (note: string) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  if (!open) {
    return (
      <div className="modal__buttons">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => {
            onOpen();
            setNote('');
            setOpen(true);
          }}
        >
          {action}
        </button>
      </div>
    );
  }
  return (
    <ConfirmBox
      onCancel={() => setOpen(false)}
      onConfirm={() => onConfirm(note.trim())}
      disabled={busy || note.trim().length < NOTE_MIN}
    >
      <p>{children}</p>
      <TextField
        label={noteLabel}
        value={note}
        maxLength={NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
      />
    </ConfirmBox>
  );
}
