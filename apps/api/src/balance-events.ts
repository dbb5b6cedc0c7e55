import { Injectable, OnModuleInit } from '@nestjs/common';
import { MemberEventsService } from './infra/events/member-events.service';
import { LedgerService } from './modules/ledger/ledger.service';

/**
 * Wires the ledger to the live events, in the API and the worker alike: a
 * committed posting that moves a member's account puts a `balance` marker on
 * their stream (MemberEventsService.balanceMoved). It lives beside the
 * composition roots so that neither side imports the other: the ledger imports
 * no module, and the event transport (infra/events) no business module.
 */
@Injectable()
export class BalanceEvents implements OnModuleInit {
  constructor(
    private readonly ledger: LedgerService,
    private readonly events: MemberEventsService,
  ) {}

  onModuleInit() {
    this.ledger.onCommitted((userIds) => this.events.balanceMoved(userIds));
  }
}
