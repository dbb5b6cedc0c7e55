import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApprovalsModule } from '../approvals/approvals.module';
import { AuditModule } from '../audit/audit.module';
import { StorageModule } from '../../infra/storage/storage.module';
import {
  AdminBannersController,
  AdminSettingsController,
  ContentController,
} from './content.controller';
import { AppSetting } from './content.entities';
import { ContentService } from './content.service';
import { ContentRepository } from './content.repository';

@Module({
  imports: [TypeOrmModule.forFeature([AppSetting]), ApprovalsModule, AuditModule, StorageModule],
  controllers: [ContentController, AdminSettingsController, AdminBannersController],
  providers: [ContentService, ContentRepository],
  exports: [ContentService],
})
export class ContentModule {}
