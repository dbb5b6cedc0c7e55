import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { DEFAULT_ECONOMY, DEFAULT_TEAM_RATES_BP, normalizePhone } from '@app/domain';
import { loadConfig, ownerDatabaseUrl } from '../config/config';
import { hashPassword, verifyPassword } from '../common/passwords';
import { SETTING_MAIN_MESSAGE } from '../modules/content/content.entities';
import { dataSourceOptions } from '../database/data-source-options';
import { SEED_CAMPAIGN, SEED_MAIN_MESSAGE, SEED_MESSAGES, SEED_TRAILERS } from './seed-data';

/**
 * Idempotent: fixed ids for demo rows, and never overwrites what an operator
 * changed (economy table, home message) on a second run.
 */
export async function seed(dataSource: DataSource, admin?: { phone: string; password: string }) {
  await dataSource.transaction(async (m) => {
    for (const tier of DEFAULT_ECONOMY) {
      await m.query(
        `INSERT INTO packages (vip_level, price_micro, daily_trailers, reward_micro, membership_days)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (vip_level) DO NOTHING`,
        [
          tier.vipLevel,
          tier.price.toString(),
          tier.dailyTrailers,
          tier.rewardPerTrailer.toString(),
          tier.membershipDays,
        ],
      );
    }
    for (const [index, rate] of DEFAULT_TEAM_RATES_BP.entries()) {
      await m.query(
        `INSERT INTO team_rates (depth, rate_bp) VALUES ($1, $2) ON CONFLICT (depth) DO NOTHING`,
        [index + 1, rate],
      );
    }
    const c = SEED_CAMPAIGN;
    // A campaign seeded before names had languages gets them while it is still the seed's own.
    await m.query(
      `INSERT INTO promotion_campaigns (id, name, starts_at, ends_at, min_vip_level, inviter_points_micro, member_points_micro, hold_days, names)
       VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO UPDATE SET names = EXCLUDED.names
       WHERE promotion_campaigns.names = '{}'::jsonb AND promotion_campaigns.name = EXCLUDED.name`,
      [
        c.name,
        c.startsAt,
        c.endsAt,
        c.minVipLevel,
        c.inviterPoints.toString(),
        c.memberPoints.toString(),
        c.holdDays,
        JSON.stringify(c.names),
      ],
    );
    // A seeded row seeded before content had languages holds its English
    // text only (the migration made it `en`): while that is still the seed's
    // own, the seed adds the languages it lacks; an operator's text stays.
    for (const [index, { title, description, key }] of SEED_TRAILERS.entries()) {
      const id = index + 1;
      await m.query(
        `INSERT INTO trailers (id, title, description, image_url, trailer_key) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title || trailers.title,
           description = EXCLUDED.description || trailers.description
         WHERE trailers.title->>'en' = EXCLUDED.title->>'en'`,
        [id, title, description, `/static/trailers/${id}.svg`, key],
      );
    }
    for (const [index, { title, description }] of SEED_MESSAGES.entries()) {
      await m.query(
        `INSERT INTO messages (id, user_id, title, description) VALUES ($1, NULL, $2, $3)
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title || messages.title,
           description = EXCLUDED.description || messages.description
         WHERE messages.user_id IS NULL AND messages.title->>'en' = EXCLUDED.title->>'en'`,
        [index + 1, title, description],
      );
    }
    // Seeded rows carry explicit ids; move the sequences past them.
    for (const table of ['trailers', 'messages', 'promotion_campaigns']) {
      await m.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 1) FROM ${table}), 1))`,
      );
    }
    // No card is seeded: a placeholder would look payable. Card deposits stay
    // off until an operator sets the club's card (PUT /admin/settings).
    await m.query(
      `INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`,
      [SETTING_MAIN_MESSAGE, SEED_MAIN_MESSAGE],
    );
  });
  if (admin) await seedAdmin(dataSource, admin.phone, admin.password);
}

/** The operator from ADMIN_PHONE/ADMIN_PASSWORD; a changed password in the settings wins. */
async function seedAdmin(dataSource: DataSource, rawPhone: string, password: string) {
  const phone = normalizePhone(rawPhone);
  const rows: { id: number; password_hash: string }[] = await dataSource.query(
    `SELECT id, password_hash FROM users WHERE phone = $1`,
    [phone],
  );
  if (rows.length === 0) {
    await dataSource.query(
      `INSERT INTO users (phone, password_hash, role) VALUES ($1, $2, 'admin')`,
      [phone, await hashPassword(password)],
    );
    return;
  }
  const samePassword = await verifyPassword(rows[0].password_hash, password);
  // The deployment's own operator is not cooling off (contract section 11).
  await dataSource.query(
    `UPDATE users SET role = 'admin', is_active = true, role_granted_at = NULL,
            password_hash = COALESCE($2, password_hash) WHERE id = $1`,
    [rows[0].id, samePassword ? null : await hashPassword(password)],
  );
}

if (require.main === module) {
  const config = loadConfig();
  // As the tables' owner, like the migrations: the seed moves sequences past its fixed ids.
  const dataSource = new DataSource(dataSourceOptions(config, ownerDatabaseUrl(config)));
  const admin =
    config.ADMIN_PHONE && config.ADMIN_PASSWORD
      ? { phone: config.ADMIN_PHONE, password: config.ADMIN_PASSWORD }
      : undefined;
  dataSource
    .initialize()
    .then(() => seed(dataSource, admin))
    .then(async () => {
      await dataSource.destroy();
      console.log(
        `seed: done${admin ? ` (operator ${normalizePhone(admin.phone)})` : ' (no ADMIN_PHONE/ADMIN_PASSWORD: no operator)'}`,
      );
    })
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
