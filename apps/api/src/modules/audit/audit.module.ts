import { Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** Owns `audit_log`: every operator action, written in the action's transaction. */
@Module({ providers: [AuditService, AuditRepository], exports: [AuditService] })
export class AuditModule {}
