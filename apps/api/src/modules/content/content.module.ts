import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentController } from './content.controller';
import { AppSetting } from './content.entities';
import { ContentService } from './content.service';

@Module({
  imports: [TypeOrmModule.forFeature([AppSetting])],
  controllers: [ContentController],
  providers: [ContentService],
  exports: [ContentService],
})
export class ContentModule {}
