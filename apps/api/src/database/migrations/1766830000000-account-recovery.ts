import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account recovery (issue 36, contract section 11):
 * - `users.password_reset_at`: when the password was last reset with a code;
 *   withdrawals and address changes wait RECOVERY_HOLD_HOURS after it.
 * - `users.mail_language`: the language the member bound their mailbox in,
 *   what mail no request of theirs starts (a notice, an operator's code) is
 *   written in.
 * - `mail_outbox` carries notices too: a mail without a code (`account_notice`),
 *   which never expires; every other kind still carries its code.
 */
export class AccountRecovery1766830000000 implements MigrationInterface {
  name = 'AccountRecovery1766830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN password_reset_at timestamptz,
        ADD COLUMN mail_language varchar(2) CHECK (mail_language IN ('ru', 'en', 'uz'))`);
    await q.query(`ALTER TABLE mail_outbox ALTER COLUMN code_id DROP NOT NULL`);
    await q.query(`ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check`);
    await q.query(`
      ALTER TABLE mail_outbox
        ADD CONSTRAINT mail_outbox_kind_check
          CHECK (kind IN ('mail_bind', 'password_reset', 'account_notice')),
        ADD CONSTRAINT mail_outbox_code_unless_notice
          CHECK ((kind = 'account_notice') = (code_id IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mail_outbox WHERE kind = 'account_notice'`);
    await q.query(`
      ALTER TABLE mail_outbox
        DROP CONSTRAINT mail_outbox_code_unless_notice,
        DROP CONSTRAINT mail_outbox_kind_check`);
    await q.query(`
      ALTER TABLE mail_outbox
        ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN ('mail_bind', 'password_reset')),
        ALTER COLUMN code_id SET NOT NULL`);
    await q.query(`ALTER TABLE users DROP COLUMN password_reset_at, DROP COLUMN mail_language`);
  }
}
