import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/app-error';
import { MessageItem } from './messages.dto';

interface MessageRow {
  id: number;
  title: string;
  description: string;
  created_at: Date;
  read_at: Date | null;
}

const item = (row: MessageRow): MessageItem => ({
  id: row.id,
  title: row.title,
  description: row.description,
  created_at: row.created_at.toISOString(),
  is_read: row.read_at !== null,
});

// What a member sees: messages to them or to everyone, minus those they cleared.
const VISIBLE = `
  FROM messages m
  LEFT JOIN message_states s ON s.message_id = m.id AND s.user_id = $1
  WHERE (m.user_id = $1 OR m.user_id IS NULL) AND s.hidden_at IS NULL`;

@Injectable()
export class MessagesService {
  constructor(private readonly dataSource: DataSource) {}

  async list(userId: number): Promise<MessageItem[]> {
    const rows: MessageRow[] = await this.dataSource.query(
      `SELECT m.id, m.title, m.description, m.created_at, s.read_at ${VISIBLE} ORDER BY m.id DESC`,
      [userId],
    );
    return rows.map(item);
  }

  /** Opening a message marks it read; another member's message does not exist for you. */
  async open(userId: number, messageId: number): Promise<MessageItem> {
    const rows: MessageRow[] = await this.dataSource.query(
      `SELECT m.id, m.title, m.description, m.created_at, s.read_at ${VISIBLE} AND m.id = $2`,
      [userId, messageId],
    );
    if (!rows[0]) throw AppError.notFound('Message not found');
    await this.dataSource.query(
      `INSERT INTO message_states (user_id, message_id, read_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id, message_id) DO UPDATE SET read_at = COALESCE(message_states.read_at, now())`,
      [userId, messageId],
    );
    return item({ ...rows[0], read_at: rows[0].read_at ?? new Date() });
  }

  async readAll(userId: number): Promise<void> {
    await this.markVisible(userId, 'read_at');
  }

  async hideAll(userId: number): Promise<void> {
    await this.markVisible(userId, 'hidden_at');
  }

  private async markVisible(userId: number, column: 'read_at' | 'hidden_at') {
    await this.dataSource.query(
      `INSERT INTO message_states (user_id, message_id, ${column})
       SELECT $1, m.id, now() ${VISIBLE}
       ON CONFLICT (user_id, message_id) DO UPDATE SET ${column} = COALESCE(message_states.${column}, now())`,
      [userId],
    );
  }
}
