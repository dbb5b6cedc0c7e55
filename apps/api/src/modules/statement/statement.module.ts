import { Module } from '@nestjs/common';
import { StatementController } from './statement.controller';
import { StatementService } from './statement.service';

/** GET /users/me/statement: the member's ledger movements (read from the ledger module). */
@Module({
  controllers: [StatementController],
  providers: [StatementService],
})
export class StatementModule {}
