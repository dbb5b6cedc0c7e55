import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { MessageItem } from './messages.dto';
import { MessageRow, MessagesRepository } from './messages.repository';

const item = (row: MessageRow): MessageItem => ({
  id: row.id,
  title: row.title,
  description: row.description,
  created_at: row.created_at.toISOString(),
  is_read: row.read_at !== null,
});

@Injectable()
export class MessagesService {
  constructor(private readonly messages: MessagesRepository) {}

  async list(userId: number): Promise<MessageItem[]> {
    return (await this.messages.visible(userId)).map(item);
  }

  /** Opening a message marks it read; another member's message does not exist for you. */
  async open(userId: number, messageId: number): Promise<MessageItem> {
    const row = await this.messages.findVisible(userId, messageId);
    if (!row) throw new AppError('NOT_FOUND', 'Message not found');
    await this.messages.markRead(userId, messageId);
    return item({ ...row, read_at: row.read_at ?? new Date() });
  }

  async readAll(userId: number): Promise<void> {
    await this.messages.markAllVisible(userId, 'read_at');
  }

  async hideAll(userId: number): Promise<void> {
    await this.messages.markAllVisible(userId, 'hidden_at');
  }
}
