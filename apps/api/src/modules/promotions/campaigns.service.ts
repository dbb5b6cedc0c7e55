import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { type CampaignTerms, campaignRaise, microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { type Language, pickText, textsOf } from '../../common/language';
import { toMicro } from '../../common/validators';
import { EconomyChangesService } from '../approvals/economy-changes.service';
import { AuditService } from '../audit/audit.service';
import { CampaignAnswer, CampaignBody, CampaignItem } from './campaigns.dto';
import { CampaignRow, CampaignValues, PromotionsRepository } from './promotions.repository';

export const item = (row: CampaignRow): CampaignItem => ({
  id: row.id,
  name: row.name,
  name_ru: row.names?.ru ?? '',
  name_en: row.names?.en ?? '',
  name_uz: row.names?.uz ?? '',
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
  min_vip_level: row.min_vip_level,
  inviter_points: microToNumber(BigInt(row.inviter_points_micro)),
  member_points: microToNumber(BigInt(row.member_points_micro)),
  hold_days: row.hold_days,
  running: row.running,
});

/** A campaign's values as stored, for an item of proposed values. */
const rowValues = (v: CampaignValues) => ({
  name: v.name,
  names: v.names,
  starts_at: v.startsAt,
  ends_at: v.endsAt,
  min_vip_level: v.minVipLevel,
  inviter_points_micro: v.inviterPoints.toString(),
  member_points_micro: v.memberPoints.toString(),
  hold_days: v.holdDays,
});

/** The values of an item (as a waiting change keeps them). */
const fromItem = (c: CampaignItem): CampaignValues => ({
  name: c.name,
  // A change kept before campaigns had names per language carries none.
  names: textsOf({ ru: c.name_ru, en: c.name_en, uz: c.name_uz }),
  startsAt: new Date(c.starts_at),
  endsAt: new Date(c.ends_at),
  minVipLevel: c.min_vip_level,
  inviterPoints: toMicro(c.inviter_points),
  memberPoints: toMicro(c.member_points),
  holdDays: c.hold_days,
});

/** What libs/domain compares. */
const campaignTerms = (c: CampaignItem): CampaignTerms => ({
  inviterPoints: toMicro(c.inviter_points),
  memberPoints: toMicro(c.member_points),
  minVipLevel: c.min_vip_level,
  holdDays: c.hold_days,
  startsAt: Date.parse(c.starts_at),
  endsAt: Date.parse(c.ends_at),
});

const raises = (approved: CampaignItem | null, next: CampaignItem, percent: number) =>
  campaignRaise(approved && campaignTerms(approved), campaignTerms(next), percent, Date.now());

function values(body: CampaignBody): CampaignValues {
  const startsAt = new Date(body.starts_at);
  const endsAt = new Date(body.ends_at);
  if (!(endsAt > startsAt)) throw new AppError('BAD_REQUEST', 'ends_at must be after starts_at');
  return {
    name: body.name,
    names: textsOf({ ru: body.name_ru, en: body.name_en, uz: body.name_uz }),
    startsAt,
    endsAt,
    minVipLevel: body.min_vip_level,
    inviterPoints: toMicro(body.inviter_points),
    memberPoints: toMicro(body.member_points),
    holdDays: body.hold_days,
  };
}

/**
 * Invitation campaigns as operators run them (every change audited with
 * before and after). What a campaign pays members counts against its last
 * approved terms: beyond ECONOMY_RAISE_APPROVAL_PERCENT a change waits for a
 * second admin.
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly promotions: PromotionsRepository,
    private readonly audit: AuditService,
    private readonly changes: EconomyChangesService,
  ) {
    // A second admin's approval carries a waiting raise out as proposed.
    changes.register('campaign', async (db, { targetId, after, operatorId }) => {
      await this.write(db, operatorId, targetId!, fromItem(after as CampaignItem));
    });
  }

  /** Latest first, with whether each runs now. */
  async list(): Promise<CampaignItem[]> {
    return (await this.promotions.campaigns()).map(item);
  }

  /**
   * The campaign running now, or null; its `name` in the reader's language
   * (theirs, else Russian, else any written), the operators' name while none is.
   */
  async running(lang: Language): Promise<CampaignItem | null> {
    const running = await this.promotions.running();
    if (!running) return null;
    return { ...item(running), name: pickText(running.names, lang) || running.name };
  }

  /** Bonuses from nothing: the campaign is created without them and they wait for a second admin. */
  create(operatorId: number, body: CampaignBody): Promise<CampaignAnswer> {
    const next = values(body);
    return this.dataSource.transaction(async (db) => {
      const percent = this.changes.raisePercent;
      const waits = percent > 0 && next.inviterPoints + next.memberPoints > 0n;
      // A campaign that waits is funded when held (holdRaise); one that runs at once, here.
      if (!waits) {
        await this.changes.assertFunded({
          target: 'campaign',
          targetId: null,
          next: item({ id: 0, running: false, ...rowValues(next) }),
        });
      }
      const row = await this.promotions.insertCampaign(
        db,
        waits ? { ...next, inviterPoints: 0n, memberPoints: 0n } : next,
      );
      await this.audit.record(db, operatorId, 'campaign.create', null, { after: item(row) });
      const waiting = waits
        ? await this.changes.holdRaise(
            db,
            {
              target: 'campaign',
              targetId: row.id,
              current: item(row),
              next: item({ ...row, ...rowValues(next) }),
              raises,
            },
            operatorId,
          )
        : null;
      return { ...item(row), pending_changes: waiting ? [waiting] : [] };
    });
  }

  /**
   * For grants from now on. A change that pays more than the percentage
   * above the campaign's approved terms (libs/domain campaignRaise: bonuses,
   * a lower entry level, a shorter hold, more time to run) waits for a
   * second admin; the answer shows the campaign as it stands.
   */
  update(operatorId: number, id: number, body: CampaignBody): Promise<CampaignAnswer> {
    const next = values(body);
    return this.dataSource.transaction(async (db) => {
      const current = await this.promotions.lockCampaign(db, id);
      if (!current) throw new AppError('NOT_FOUND', 'Campaign not found');
      const waiting = await this.changes.holdRaise(
        db,
        {
          target: 'campaign',
          targetId: id,
          current: item(current),
          next: item({ ...current, ...rowValues(next) }),
          raises,
        },
        operatorId,
      );
      if (waiting) return { ...item(current), pending_changes: [waiting] };
      return { ...item(await this.write(db, operatorId, id, next)), pending_changes: [] };
    });
  }

  private async write(db: EntityManager, operatorId: number, id: number, next: CampaignValues) {
    const changed = await this.promotions.updateCampaign(db, id, next);
    if (!changed) throw new AppError('NOT_FOUND', 'Campaign not found');
    await this.audit.record(db, operatorId, 'campaign.update', null, {
      before: item({ ...changed[0], running: false }),
      after: item(changed[1]),
    });
    return changed[1];
  }
}
