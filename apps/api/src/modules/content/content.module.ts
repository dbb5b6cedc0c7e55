import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { AdminSettingsController, ContentController } from './content.controller';
import { AppSetting } from './content.entities';
import { ContentService } from './content.service';

@Module({
  imports: [TypeOrmModule.forFeature([AppSetting]), AuditModule],
  controllers: [ContentController, AdminSettingsController],
  providers: [ContentService],
  exports: [ContentService],
})
export class ContentModule {}
