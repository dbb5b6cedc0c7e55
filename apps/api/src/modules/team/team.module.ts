import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { TeamController } from './team.controller';
import { TeamService } from './team.service';

/** Owns no table: the tree is the users module's `inviter_id`. */
@Module({ imports: [UsersModule], controllers: [TeamController], providers: [TeamService] })
export class TeamModule {}
