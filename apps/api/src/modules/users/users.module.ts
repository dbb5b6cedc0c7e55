import { Module } from '@nestjs/common';
import { TrailersModule } from '../trailers/trailers.module';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TrailersModule],
  controllers: [UsersController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
