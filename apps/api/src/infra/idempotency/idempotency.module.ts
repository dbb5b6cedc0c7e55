import { Module } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyRepository } from './idempotency.repository';
import { IdempotencyService } from './idempotency.service';

/**
 * Owns `idempotency_keys`: the kept answers of requests sent with an
 * Idempotency-Key. A module whose controller puts `@Idempotent()` on a route
 * imports this one (the interceptor is built in that module, also where a
 * worker loads the module without serving it).
 */
@Module({
  providers: [IdempotencyRepository, IdempotencyService, IdempotencyInterceptor],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class IdempotencyModule {}
