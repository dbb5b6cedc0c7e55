import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reach } from '../../common/reach';
import { Auth, Staff } from '../../common/auth';
import { DepositsService } from '../deposits/deposits.service';
import { EnergyService } from '../../infra/tron/energy.service';
import { TronCostsService } from '../../infra/tron/tron-costs.service';
import { ApiErrors } from '../../common/api-errors.decorator';
import { transferCost } from './chain-cost';
import { TronCostTransfer, TronCostTransfersQuery, TronCostsReport } from './tron-costs.dto';

const SUN = 1_000_000;
/** The report's window. */
const DAYS = 30;

/** What TRON costs the club: TRX burnt per day and per member deposit, and whether the next transfers can pay. */
@ApiTags('admin')
@Controller('admin/reports')
@Auth(...Staff.money)
@Reach('none')
export class TronCostsController {
  constructor(
    private readonly tronCosts: TronCostsService,
    private readonly energy: EnergyService,
    private readonly deposits: DepositsService,
  ) {}

  @Get('tron-costs/transfers')
  @ApiOperation({
    summary:
      'Each sweep and withdrawal with what it cost on chain: TRX burnt, energy and bandwidth used, ' +
      'and what burning TRX for that energy would have cost (the saving); newest first',
  })
  @ApiOkResponse({ type: [TronCostTransfer] })
  @ApiErrors('VALIDATION_ERROR')
  async listTronCostTransfers(@Query() query: TronCostTransfersQuery): Promise<TronCostTransfer[]> {
    const rows = await this.tronCosts.transfers({
      kind: query.kind,
      before: query.before,
      limit: query.limit ?? 50,
    });
    return rows.map(transferCost);
  }

  @Get('tron-costs')
  @ApiOperation({
    summary:
      'TRX burnt by sweeps and withdrawals per day and per member deposit; the staking account; ' +
      'whether the next withdrawal and sweep can pay their energy',
  })
  @ApiOkResponse({ type: TronCostsReport })
  async tronCostsReport(): Promise<TronCostsReport> {
    const [costs, deposits, funds] = await Promise.all([
      this.tronCosts.byDay(DAYS),
      this.deposits.creditedSince(DAYS),
      // A node that does not answer leaves the flags unknown, never a reassuring true.
      this.energy.fundsState(60_000).catch(() => null),
    ]);
    return {
      days: costs.days.map((d) => ({
        day: d.day,
        sweeps_trx: Number(d.sweepsSun) / SUN,
        withdrawals_trx: Number(d.withdrawalsSun) / SUN,
        transactions: d.transactions,
      })),
      per_member_deposit_trx: deposits > 0 ? Number(costs.sweepsSun) / SUN / deposits : null,
      energy_account: this.energy.stakerAddress
        ? {
            address: this.energy.stakerAddress,
            energy: funds?.stakerEnergy ?? null,
            lendable_trx: funds?.stakerLendableSun == null ? null : funds.stakerLendableSun / SUN,
          }
        : null,
      withdrawals_payable: funds?.withdrawalsPayable ?? null,
      sweeps_lendable: funds?.sweepsLendable ?? null,
    };
  }
}
