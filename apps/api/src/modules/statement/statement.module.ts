import { Module } from '@nestjs/common';
import { TrailersModule } from '../trailers/trailers.module';
import { UsersModule } from '../users/users.module';
import { WalletModule } from '../wallet/wallet.module';
import { WithdrawalsModule } from '../withdrawals/withdrawals.module';
import { StatementController } from './statement.controller';
import { StatementService } from './statement.service';

/**
 * GET /users/me/statement: the member's ledger movements (read from the
 * ledger module), with what each refers to from its owner.
 */
@Module({
  imports: [TrailersModule, UsersModule, WalletModule, WithdrawalsModule],
  controllers: [StatementController],
  providers: [StatementService],
})
export class StatementModule {}
