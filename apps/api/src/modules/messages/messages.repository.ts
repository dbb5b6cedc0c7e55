import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Texts } from '../../common/language';

export interface MessageRow {
  id: number;
  /** Per language (common/language.ts). */
  title: Texts;
  description: Texts;
  created_at: Date;
  read_at: Date | null;
}

// What a member sees: messages to them or to everyone, minus those they cleared.
const VISIBLE = `
  FROM messages m
  LEFT JOIN message_states s ON s.message_id = m.id AND s.user_id = $1
  WHERE (m.user_id = $1 OR m.user_id IS NULL) AND s.hidden_at IS NULL`;

/**
 * The only door to `messages` and `message_states`. Every query joins the
 * two (what one member sees and did), so they are SQL rather than entities.
 */
@Injectable()
export class MessagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A message to one member, or to every member when `userId` is null. */
  async insert(
    db: EntityManager,
    message: { userId: number | null; title: Texts; description: Texts },
  ): Promise<number> {
    const [row]: { id: number }[] = await db.query(
      `INSERT INTO messages (user_id, title, description) VALUES ($1, $2, $3) RETURNING id`,
      [message.userId, message.title, message.description],
    );
    return row.id;
  }

  /** Newest first; with `page`, `limit` of them below `before`. */
  visible(userId: number, page?: { limit: number; before: number | null }): Promise<MessageRow[]> {
    if (!page)
      return this.dataSource.query(
        `SELECT m.id, m.title, m.description, m.created_at, s.read_at ${VISIBLE} ORDER BY m.id DESC`,
        [userId],
      );
    return this.dataSource.query(
      `SELECT m.id, m.title, m.description, m.created_at, s.read_at ${VISIBLE}
         AND ($2::bigint IS NULL OR m.id < $2) ORDER BY m.id DESC LIMIT $3`,
      [userId, page.before, page.limit],
    );
  }

  async findVisible(userId: number, messageId: number): Promise<MessageRow | undefined> {
    const rows: MessageRow[] = await this.dataSource.query(
      `SELECT m.id, m.title, m.description, m.created_at, s.read_at ${VISIBLE} AND m.id = $2`,
      [userId, messageId],
    );
    return rows[0];
  }

  async markRead(userId: number, messageId: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO message_states (user_id, message_id, read_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id, message_id) DO UPDATE SET read_at = COALESCE(message_states.read_at, now())`,
      [userId, messageId],
    );
  }

  /** Marks every message the member sees now as read or cleared. */
  async markAllVisible(userId: number, column: 'read_at' | 'hidden_at'): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO message_states (user_id, message_id, ${column})
       SELECT $1, m.id, now() ${VISIBLE}
       ON CONFLICT (user_id, message_id) DO UPDATE SET ${column} = COALESCE(message_states.${column}, now())`,
      [userId],
    );
  }
}
