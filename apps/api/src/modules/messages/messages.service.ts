import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { afterCommit } from '../../database/after-commit';
import { type Language, type Texts, chooseLanguage } from '../../common/language';
import { AuditService } from '../audit/audit.service';
import { MemberEventsService } from '../../infra/events/member-events.service';
import { UsersService } from '../users/users.service';
import { MessageItem } from './messages.dto';
import { MessageRow, MessagesRepository } from './messages.repository';

/** A message in the reader's language: theirs, else Russian, else the one written. */
const item = (row: MessageRow, lang: Language): MessageItem => {
  const chosen = chooseLanguage(lang, (candidate) => Boolean(row.title[candidate])) ?? lang;
  return {
    id: row.id,
    title: row.title[chosen] ?? '',
    description: row.description[chosen] ?? '',
    created_at: row.created_at.toISOString(),
    is_read: row.read_at !== null,
  };
};

@Injectable()
export class MessagesService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly events: MemberEventsService,
  ) {}

  /** An operator's message to one member or to all (the members' badges count it). */
  async send(
    operatorId: number,
    message: { userId?: number; title: Texts; description: Texts },
  ): Promise<{ id: number; user_id: number | null }> {
    if (message.userId !== undefined && !(await this.users.exists(message.userId))) {
      throw new AppError('NOT_FOUND', 'No such member');
    }
    const userId = message.userId ?? null;
    const id = await this.dataSource.transaction(async (db) => {
      const id = await this.messages.insert(db, { ...message, userId });
      await this.audit.record(db, operatorId, 'message.send', userId, {
        message_id: id,
        title: message.title,
        to: userId === null ? 'all' : userId,
      });
      return id;
    });
    // Committed: the member (or every member) hears of it live; each stream
    // picks the title in its reader's language (event-streams.service.ts).
    this.events.publish({ userId, event: 'message', data: { id, title: message.title } });
    return { id, user_id: userId };
  }

  /**
   * The club's own message to one member (a notice about their account), in
   * the caller's transaction: stored in every language it is written in, and
   * announced live once that transaction commits.
   */
  async notify(
    db: EntityManager,
    userId: number,
    message: { title: Texts; description: Texts },
  ): Promise<void> {
    const id = await this.messages.insert(db, { ...message, userId });
    afterCommit(db, () =>
      this.events.publish({ userId, event: 'message', data: { id, title: message.title } }),
    );
  }

  async list(
    userId: number,
    lang: Language,
    page?: { limit: number; before: number | null },
  ): Promise<MessageItem[]> {
    return (await this.messages.visible(userId, page)).map((row) => item(row, lang));
  }

  /** Opening a message marks it read; another member's message does not exist for you. */
  async open(userId: number, messageId: number, lang: Language): Promise<MessageItem> {
    const row = await this.messages.findVisible(userId, messageId);
    if (!row) throw new AppError('NOT_FOUND', 'Message not found');
    await this.messages.markRead(userId, messageId);
    return item({ ...row, read_at: row.read_at ?? new Date() }, lang);
  }

  async readAll(userId: number): Promise<void> {
    await this.messages.markAllVisible(userId, 'read_at');
  }

  async hideAll(userId: number): Promise<void> {
    await this.messages.markAllVisible(userId, 'hidden_at');
  }
}
