/** What an operator's action said: a note on success, an alert when it failed. */
export interface ActionOutcome {
  text: string;
  failed: boolean;
}

/** The outcome of the section's last action, or nothing before one. */
export function ActionMessage({ message }: { message: ActionOutcome | null }) {
  if (!message) return null;
  return (
    <p
      className={message.failed ? 'form__error' : 'form__note'}
      role={message.failed ? 'alert' : 'status'}
    >
      {message.text}
    </p>
  );
}
