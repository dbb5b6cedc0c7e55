import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InvitesResponse } from './team.dto';

@Injectable()
export class TeamService {
  constructor(private readonly dataSource: DataSource) {}

  /** The three levels below a member, oldest first within each level. */
  async invites(userId: number): Promise<InvitesResponse> {
    const rows: { depth: number; id: number; vip_level: number; created_at: Date }[] =
      await this.dataSource.query(
        `WITH RECURSIVE team AS (
         SELECT id, vip_level, vip_expire, created_at, 1 AS depth FROM users WHERE inviter_id = $1
         UNION ALL
         SELECT u.id, u.vip_level, u.vip_expire, u.created_at, t.depth + 1 FROM users u JOIN team t ON u.inviter_id = t.id WHERE t.depth < 3
       )
       SELECT depth, id, CASE WHEN vip_expire > now() THEN vip_level ELSE 0 END AS vip_level, created_at
       FROM team ORDER BY depth, id`,
        [userId],
      );
    const result: InvitesResponse = { level1: [], level2: [], level3: [] };
    const levels = [result.level1, result.level2, result.level3];
    for (const row of rows) {
      levels[row.depth - 1].push({
        id: row.id,
        vip_level: row.vip_level,
        created_at: row.created_at.toISOString(),
      });
    }
    return result;
  }
}
