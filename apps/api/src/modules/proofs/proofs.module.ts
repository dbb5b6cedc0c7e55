import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { DepositsModule } from '../deposits/deposits.module';
import { UsersModule } from '../users/users.module';
import { WithdrawalsModule } from '../withdrawals/withdrawals.module';
import {
  AdminProofsController,
  MemberProofController,
  ProofsController,
} from './proofs.controller';
import { ProofsRepository } from './proofs.repository';
import { ProofsService } from './proofs.service';
import { ReservesReader } from './reserves.reader';

/**
 * Proof of liabilities (spec/contract sections 9 and 11). Owns
 * proof_snapshots, proof_buckets, proof_member_index, proof_reserve_addresses;
 * reads balances through the ledger, members through users, pending
 * withdrawals through withdrawals, the addresses to read on chain through
 * deposits.
 */
@Module({
  imports: [AuditModule, DepositsModule, UsersModule, WithdrawalsModule],
  controllers: [ProofsController, MemberProofController, AdminProofsController],
  providers: [ProofsService, ProofsRepository, ReservesReader],
  exports: [ProofsService],
})
export class ProofsModule {}
