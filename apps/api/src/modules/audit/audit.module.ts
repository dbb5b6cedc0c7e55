import { Module } from '@nestjs/common';
import { AuditService } from './audit.service';

/** Owns `audit_log`: every operator action, written in the action's transaction. */
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
