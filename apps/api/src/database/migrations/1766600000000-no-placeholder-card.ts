import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Earlier seeds stored a placeholder card number that the card deposit page
 * showed as if members should pay it. It goes; a card an operator set stays.
 * Card deposits are off until an operator sets one (CARD_DEPOSITS_OFF).
 */
export class NoPlaceholderCard1766600000000 implements MigrationInterface {
  name = 'NoPlaceholderCard1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM app_settings WHERE key = 'card' AND value = '8600 1234 5678 9012'`);
  }

  async down(): Promise<void> {
    // Nothing to restore: the placeholder was never a real card.
  }
}
