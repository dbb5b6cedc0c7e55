import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Member,
  type TestApp,
  expectLedgerSound,
  me,
  member,
  operator,
  setLevel,
  startApp,
} from '../support/harness';

type State = 'playing' | 'paused' | 'hidden';

/**
 * Real views only (issue 38): a watch pays after 10 s of `playing` the
 * server itself saw between the player's beats, for the member's one
 * playing view of that trailer. Every scenario runs on the real clock (the
 * server counts time between beats by Redis's clock), all of them side by
 * side in one window of a little over 10 s.
 */
describe('trailer views: a watch pays only for 10 s of play the server saw', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startApp();
    admin = await operator(t);
  });
  afterAll(async () => {
    await expectLedgerSound(t, admin);
    await t.close();
  });

  /** A member at level 1 (0.5 USDT a trailer), so a paid watch shows in their money. */
  async function viewer() {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    return m;
  }

  async function open(m: Member, trailer: number): Promise<string> {
    const res = await t.http().get(`/trailers/${trailer}`).set(m.auth);
    expect(res.status).toBe(200);
    expect(res.body.view_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    return res.body.view_id;
  }

  const beat = (m: Member, trailer: number, view: string, state: State, position: number) =>
    t.http().post(`/trailers/${trailer}/views/${view}/beat`).set(m.auth).send({ state, position });

  const watch = (m: Member, trailer: number, view: string) =>
    t.http().post(`/trailers/${trailer}/watch`).set(m.auth).send({ view_id: view });

  /**
   * A player reporting `state` every 2 s for `ms` (a last beat at the end),
   * its position moving with the clock (`moving` false: a stalled player).
   * Returns every beat's answer.
   */
  async function play(
    m: Member,
    trailer: number,
    view: string,
    ms: number,
    state: State = 'playing',
    moving = true,
  ) {
    const started = Date.now();
    const answers = [];
    for (;;) {
      const elapsed = Date.now() - started;
      answers.push(await beat(m, trailer, view, state, moving ? elapsed / 1000 : 0));
      if (elapsed >= ms) return answers;
      await sleep(Math.min(2000, ms - elapsed));
    }
  }

  const PLAY_MS = 11_000;

  it('pays a view played 10 s; refuses no beats, fast beats, hidden, stalled, other tabs, members and trailers', async () => {
    const played = await viewer();
    const silent = await viewer();
    const hurried = await viewer();
    const hidden = await viewer();
    const stalled = await viewer();
    const twoTabs = await viewer();
    const owner = await viewer();
    const borrower = await viewer();
    const switcher = await viewer();

    const views = {
      played: await open(played, 1),
      silent: await open(silent, 1),
      hurried: await open(hurried, 1),
      hidden: await open(hidden, 1),
      stalled: await open(stalled, 1),
      // Two tabs: trailer 1 first, then trailer 2, which ends the first view.
      firstTab: await open(twoTabs, 1),
      secondTab: await open(twoTabs, 2),
      owner: await open(owner, 1),
      // The borrower opened the trailer too (on main that alone paid after 10 s).
      borrowerOwn: await open(borrower, 1),
      // Trailer 2 opened first, then trailer 1 plays: its view is not trailer 2's.
      otherTrailer: await open(switcher, 2),
      switcherPlays: await open(switcher, 1),
    };

    // Beats that claim 12 s of video within a moment: time the server did not see.
    const rushed = [];
    for (let position = 0; position <= 12; position += 2)
      rushed.push(await beat(hurried, 1, views.hurried, 'playing', position));
    expect(rushed.every((r) => r.status === 200)).toBe(true);
    expect(rushed.at(-1)!.body.played).toBeLessThan(1);

    const [playedBeats, hiddenBeats, stalledBeats, firstTabBeats, secondTabBeats] =
      await Promise.all([
        play(played, 1, views.played, PLAY_MS),
        play(hidden, 1, views.hidden, PLAY_MS, 'hidden'),
        play(stalled, 1, views.stalled, PLAY_MS, 'playing', false),
        play(twoTabs, 1, views.firstTab, PLAY_MS),
        play(twoTabs, 2, views.secondTab, PLAY_MS),
        play(owner, 1, views.owner, PLAY_MS),
        play(switcher, 1, views.switcherPlays, PLAY_MS),
        sleep(PLAY_MS),
      ]);

    // The played view: the server counted its 10 s and more, never more than the clock.
    const counted = playedBeats.at(-1)!.body;
    expect(counted.needed).toBe(10);
    expect(counted.played).toBeGreaterThanOrEqual(10);
    expect(counted.played).toBeLessThanOrEqual(PLAY_MS / 1000 + 1);
    expect(hiddenBeats.at(-1)!.body.played).toBe(0);
    // A stalled position earns at most its slack (1 s) per beat: short of 10 s.
    expect(stalledBeats.at(-1)!.body.played).toBeLessThan(10);
    // The older tab's beats are refused: its view ended when the newer one opened.
    expect(firstTabBeats.every((r) => r.status === 409 && r.body.code === 'VIEW_ENDED')).toBe(true);
    expect(secondTabBeats.every((r) => r.status === 200)).toBe(true);

    const paid = await watch(played, 1, views.played);
    expect(paid.status).toBe(200);
    expect(paid.body.reward).toBe(0.5);
    // The same view again: counted already.
    expect((await watch(played, 1, views.played)).body.code).toBe('ALREADY_WATCHED');

    const refusals = {
      silent: await watch(silent, 1, views.silent),
      hurried: await watch(hurried, 1, views.hurried),
      hidden: await watch(hidden, 1, views.hidden),
      stalled: await watch(stalled, 1, views.stalled),
      firstTab: await watch(twoTabs, 1, views.firstTab),
      borrowed: await watch(borrower, 1, views.owner),
      otherTrailer: await watch(switcher, 2, views.switcherPlays),
      forged: await watch(borrower, 1, 'AAAAAAAAAAAAAAAAAAAAAA'),
    };
    for (const [name, res] of Object.entries(refusals)) {
      expect([name, res.status, res.body.code]).toEqual([name, 400, 'WATCH_TOO_SHORT']);
    }
    // The newer tab and the owner's own view pay; the switcher's view pays its own trailer.
    expect((await watch(twoTabs, 2, views.secondTab)).status).toBe(200);
    expect((await watch(owner, 1, views.owner)).status).toBe(200);
    expect((await watch(switcher, 1, views.switcherPlays)).status).toBe(200);

    for (const m of [silent, hurried, hidden, stalled, borrower])
      expect(await me(t, m)).toMatchObject({ money: 0, total_earn: 0 });
    for (const m of [played, twoTabs, owner, switcher])
      expect(await me(t, m)).toMatchObject({ money: 0.5, total_earn: 0.5 });
  }, 60_000);

  it("answers a beat on another member's view, an unknown one or another trailer's with 404", async () => {
    const owner = await viewer();
    const other = await viewer();
    const view = await open(owner, 1);
    expect((await beat(other, 1, view, 'playing', 0)).status).toBe(404);
    expect((await beat(owner, 2, view, 'playing', 0)).status).toBe(404);
    expect((await beat(owner, 1, 'AAAAAAAAAAAAAAAAAAAAAA', 'playing', 0)).status).toBe(404);
    expect((await beat(owner, 1, view, 'playing', 0)).status).toBe(200);
  });

  it('validates beats: the state, the position and the view id', async () => {
    const m = await viewer();
    const view = await open(m, 1);
    for (const body of [
      { state: 'rewinding', position: 1 },
      { state: 'playing', position: -1 },
      { state: 'playing', position: 'soon' },
      { state: 'playing' },
    ]) {
      const res = await t.http().post(`/trailers/1/views/${view}/beat`).set(m.auth).send(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 422]);
    }
    const bad = await t
      .http()
      .post('/trailers/1/views/short/beat')
      .set(m.auth)
      .send({ state: 'playing', position: 0 });
    expect(bad.status).toBe(422);
    const anonymous = await t
      .http()
      .post(`/trailers/1/views/${view}/beat`)
      .send({ state: 'playing', position: 0 });
    expect(anonymous.status).toBe(401);
  });

  it('counts nothing for a silence longer than 7.5 s between beats', async () => {
    const m = await viewer();
    const view = await open(m, 1);
    expect((await beat(m, 1, view, 'playing', 0)).status).toBe(200);
    await sleep(8000);
    const after = await beat(m, 1, view, 'playing', 8);
    expect(after.body.played).toBe(0);
  }, 20_000);
});
