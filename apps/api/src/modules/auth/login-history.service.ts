import { Injectable } from '@nestjs/common';
import { AuthSessionsRepository } from './auth-sessions.repository';

/** A member's logins as operators see them (when, from where, whether ended). */
@Injectable()
export class LoginHistoryService {
  constructor(private readonly sessions: AuthSessionsRepository) {}

  recent(userId: number, limit = 20) {
    return this.sessions.recentForUser(userId, limit);
  }
}
