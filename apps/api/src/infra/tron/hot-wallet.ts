import { Inject, Injectable } from '@nestjs/common';
import { TronWeb } from 'tronweb';
import { APP_CONFIG, AppConfig } from '../../config/config';

/** The withdrawal hot wallet (TRON_HOT_WALLET_PRIVATE_KEY), when one is configured. */
@Injectable()
export class HotWallet {
  readonly privateKey: string | null;
  readonly address: string | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.privateKey = config.TRON_HOT_WALLET_PRIVATE_KEY ?? null;
    this.address = this.privateKey ? TronWeb.address.fromPrivateKey(this.privateKey) || null : null;
  }
}
