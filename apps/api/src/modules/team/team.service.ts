import { Injectable } from '@nestjs/common';
import { UsersService } from '../users/users.service';
import { InvitesResponse } from './team.dto';

/** The invitation tree as members see it; the rows belong to the users module. */
@Injectable()
export class TeamService {
  constructor(private readonly users: UsersService) {}

  /**
   * The three levels below a member, oldest first within each level; with
   * `page`, only that level's page (newest first), the other two empty, and
   * on its first page the level's counts (the screen's headers).
   */
  async invites(
    userId: number,
    page?: { depth: 1 | 2 | 3; limit: number; before: number | null },
  ): Promise<InvitesResponse> {
    const result: InvitesResponse = { level1: [], level2: [], level3: [] };
    const levels = [result.level1, result.level2, result.level3];
    const [rows, counts] = await Promise.all([
      this.users.downline(userId, page),
      page && page.before === null ? this.users.downlineCounts(userId, page.depth) : undefined,
    ]);
    if (counts) result.counts = counts;
    for (const row of rows) {
      levels[row.depth - 1].push({
        id: row.id,
        vip_level: row.vipLevel,
        created_at: row.createdAt.toISOString(),
      });
    }
    return result;
  }
}
