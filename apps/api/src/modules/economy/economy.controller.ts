import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PackageItem } from './economy.dto';
import { EconomyService } from './economy.service';

@ApiTags('content')
@Controller()
export class EconomyController {
  constructor(private readonly economy: EconomyService) {}

  @Get('packages')
  @ApiOperation({ summary: 'The economy table: VIP levels, prices, quotas, rewards' })
  @ApiOkResponse({ type: [PackageItem] })
  listPackages(): Promise<PackageItem[]> {
    return this.economy.packages();
  }
}
