import { Injectable, Logger } from '@nestjs/common';

/** What ended: one login, or every login of an account whose access changed. */
export type SessionEnd = { sessionId: string } | { userId: number };

/**
 * Tells this process's long-lived holders of a login (the event streams)
 * that it ended, on every API process at once. It is fed by what already
 * reaches every process: SessionRevocationService (a revoked login, over
 * Redis: logout, password or phone change, reset, an operator's "end
 * logins") and AccessStateService (a deactivation or a role change, over
 * PostgreSQL LISTEN). A request is refused on its next call anyway; this is
 * for what stays open between calls.
 */
@Injectable()
export class SessionEnds {
  private readonly logger = new Logger(SessionEnds.name);
  private readonly listeners = new Set<(end: SessionEnd) => void>();

  /** Returns the function that stops listening. */
  listen(listener: (end: SessionEnd) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  sessionEnded(sessionId: string): void {
    this.tell({ sessionId });
  }

  /** Deactivated, or given another role: each of its logins holds a stale account. */
  accountChanged(userId: number): void {
    this.tell({ userId });
  }

  private tell(end: SessionEnd) {
    for (const listener of this.listeners) {
      try {
        listener(end);
      } catch (error) {
        // One holder's failure must not keep the others open.
        this.logger.warn(`session end not handled: ${String(error)}`);
      }
    }
  }
}
