import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import {
  BEAT_GAP_LIMIT_MS,
  BEAT_POSITION_SLACK_MS,
  WATCH_MIN_SECONDS,
  type ViewState,
} from '@app/domain';
import { REDIS } from '../../infra/redis/redis.module';
import { viewKey, viewerKey } from './trailer-view-keys';

/**
 * A view lives this long after its last beat (a trailer is minutes long): a
 * view left open is gone by the time anyone could replay it.
 */
export const VIEW_TTL_SECONDS = 3600;

/**
 * A beat: the time since the previous beat counts as played when the
 * previous beat said `playing`, the silence was within the gap limit, and
 * the player's position moved about as much (the previous beat's state is
 * what the player did until this one: the client beats at every change).
 * The clock is Redis's own, one for every API process.
 */
const BEAT = `
local v = redis.call('HMGET', KEYS[1], 'u', 't', 's', 'p', 'at', 'played')
if not v[1] or v[1] ~= ARGV[1] or v[2] ~= ARGV[2] then return {-1, 0} end
local played = tonumber(v[6])
if redis.call('GET', KEYS[2]) ~= ARGV[3] then return {-2, played} end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if v[3] == 'playing' then
  local gap = now - tonumber(v[5])
  if gap > 0 and gap <= tonumber(ARGV[6]) then
    local moved = tonumber(ARGV[5]) - tonumber(v[4]) + tonumber(ARGV[7])
    played = played + math.max(0, math.min(gap, moved))
  end
end
redis.call('HSET', KEYS[1], 's', ARGV[4], 'p', ARGV[5], 'at', now, 'played', played)
redis.call('EXPIRE', KEYS[1], ARGV[8])
redis.call('EXPIRE', KEYS[2], ARGV[8])
return {1, played}`;

/**
 * Claims a view for its watch: only the member's view of this trailer,
 * played long enough, and for one day only. The claim keeps the day of the
 * watch it was made for; claimed again for the same day ('again') it may
 * post that same watch (the once-a-day index and the ledger's idempotency key
 * make it pay once), so a watch whose posting failed after its claim (a
 * batch's commit lost, a killed API) can be sent again; for another day it
 * is used.
 */
const CLAIM = `
local v = redis.call('HMGET', KEYS[1], 'u', 't', 'played', 'counted')
if not v[1] or v[1] ~= ARGV[1] or v[2] ~= ARGV[2] then return 'unknown' end
if v[4] then
  if v[4] == ARGV[4] then return 'again' end
  return 'used'
end
if tonumber(v[3]) < tonumber(ARGV[3]) then return 'short' end
redis.call('HSET', KEYS[1], 'counted', ARGV[4])
return 'counted'`;

export type BeatOutcome =
  { kind: 'counted'; playedMs: number } | { kind: 'ended'; playedMs: number } | { kind: 'unknown' };

export type ClaimOutcome = 'counted' | 'again' | 'short' | 'unknown' | 'used';

interface ViewCommands {
  trailerViewBeat(...args: (string | number)[]): Promise<[number, number]>;
  trailerViewClaim(...args: (string | number)[]): Promise<ClaimOutcome>;
}

/**
 * Views in Redis (issue 38): the beats of every open player arrive every few
 * seconds, more often than anything else the club serves, and none of them
 * is money; a view is a hash of six fields and one pointer per member, each
 * call one atomic script. Lost with Redis, a view is only opened again.
 */
@Injectable()
export class TrailerViewsStore {
  private readonly commands: ViewCommands;

  constructor(@Inject(REDIS) private readonly redis: Redis) {
    if (!('trailerViewBeat' in redis)) {
      redis.defineCommand('trailerViewBeat', { numberOfKeys: 2, lua: BEAT });
      redis.defineCommand('trailerViewClaim', { numberOfKeys: 1, lua: CLAIM });
    }
    this.commands = redis as unknown as ViewCommands;
  }

  /** A new view of the trailer, which ends the member's previous one. */
  async open(userId: number, trailerId: number): Promise<string> {
    const viewId = randomBytes(16).toString('base64url');
    const result = await this.redis
      .multi()
      .hset(viewKey(viewId), { u: userId, t: trailerId, s: 'opened', p: 0, at: 0, played: 0 })
      .expire(viewKey(viewId), VIEW_TTL_SECONDS)
      .set(viewerKey(userId), viewId, 'EX', VIEW_TTL_SECONDS)
      .exec();
    for (const [error] of result ?? []) if (error) throw error;
    return viewId;
  }

  async beat(
    userId: number,
    trailerId: number,
    viewId: string,
    state: ViewState,
    positionMs: number,
  ): Promise<BeatOutcome> {
    const [outcome, playedMs] = await this.commands.trailerViewBeat(
      viewKey(viewId),
      viewerKey(userId),
      userId,
      trailerId,
      viewId,
      state,
      positionMs,
      BEAT_GAP_LIMIT_MS,
      BEAT_POSITION_SLACK_MS,
      VIEW_TTL_SECONDS,
    );
    if (outcome === -1) return { kind: 'unknown' };
    return { kind: outcome === -2 ? 'ended' : 'counted', playedMs: Number(playedMs) };
  }

  /**
   * Marks the view counted for the watch of `day` when it played
   * WATCH_MIN_SECONDS for this member and trailer ('again' when it was so
   * marked for the same day before).
   */
  claim(userId: number, trailerId: number, viewId: string, day: string): Promise<ClaimOutcome> {
    return this.commands.trailerViewClaim(
      viewKey(viewId),
      userId,
      trailerId,
      WATCH_MIN_SECONDS * 1000,
      day,
    );
  }
}
