import { setImmediate as nextTurn } from 'node:timers/promises';
import { Client } from 'pg';
import { batchedRead } from '../../src/database/read-batch';
import { MomentsRepository } from '../../src/modules/moments/moments.repository';
import { UsersRepository } from '../../src/modules/users/users.repository';
import { WalletRepository } from '../../src/modules/wallet/wallet.repository';
import { TestApp, adjust, member, Member, operator, startApp } from '../support/harness';

describe('reads batched by turn of the event loop (READ_BATCH_SIZE, issue 41)', () => {
  describe('batchedRead', () => {
    /** A batch read that answers each key doubled, and remembers its batches. */
    const doubling = (fail?: (keys: readonly number[]) => boolean) => {
      const batches: number[][] = [];
      const read = async (keys: readonly number[]) => {
        batches.push([...keys]);
        await nextTurn();
        if (fail?.(keys)) throw new Error('statement failed');
        return keys.map((key) => key * 2);
      };
      return { batches, read };
    };

    it('answers the reads of one turn with one call, each read its own value', async () => {
      const source = doubling();
      const load = batchedRead(100, source.read);
      expect(await Promise.all([3, 1, 2, 1].map(load))).toEqual([6, 2, 4, 2]);
      expect(source.batches).toEqual([[3, 1, 2, 1]]);
      // A read of a later turn is a batch of its own.
      expect(await load(5)).toBe(10);
      expect(source.batches).toHaveLength(2);
    });

    it('leaves a batch once it holds `size` reads', async () => {
      const source = doubling();
      const load = batchedRead(2, source.read);
      expect(await Promise.all([1, 2, 3, 4, 5].map(load))).toEqual([2, 4, 6, 8, 10]);
      expect(source.batches).toEqual([[1, 2], [3, 4], [5]]);
    });

    it('size 0: each read asks alone, at once', async () => {
      const source = doubling();
      const load = batchedRead(0, source.read);
      expect(await Promise.all([1, 2, 3].map(load))).toEqual([2, 4, 6]);
      expect(source.batches).toEqual([[1], [2], [3]]);
    });

    it('a failed statement fails every read of its batch, and only those', async () => {
      const source = doubling((keys) => keys.includes(13));
      const load = batchedRead(100, source.read);
      const first = await Promise.allSettled([1, 13].map(load));
      expect(first.map((result) => result.status)).toEqual(['rejected', 'rejected']);
      expect(await Promise.all([1, 2].map(load))).toEqual([2, 4]);
    });
  });

  describe('in the app', () => {
    let t: TestApp;
    let members: Member[];
    let postIds: string[];
    beforeAll(async () => {
      t = await startApp();
      const admin = await operator(t);
      members = [];
      // Members made one by one (argon2 is bounded), each with other figures:
      // member k has k credits of k USDT, and likes the first k posts.
      for (let k = 1; k <= 4; k++) members.push(await member(t));
      postIds = [];
      for (const text of ['one', 'two', 'three', 'four']) {
        const res = await t.http().post('/moments').set(members[0].auth).field('text', text);
        expect(res.status).toBe(200);
        postIds.push(String(res.body.id));
      }
      for (const [i, m] of members.entries()) {
        for (let n = 0; n <= i; n++) await adjust(t, admin, m.id, i + 1);
        for (const id of postIds.slice(0, i + 1))
          await t.http().post(`/moments/${id}/like`).set(m.auth).expect(200);
      }
    });
    afterAll(() => t.close());

    /** The statements each named query ran while `work` ran. */
    async function statementsDuring<T>(work: () => Promise<T>) {
      const names: string[] = [];
      const original = Client.prototype.query;
      const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (
        this: Client,
        ...args: unknown[]
      ) {
        const name = (args[0] as { name?: string } | undefined)?.name;
        if (name) names.push(name);
        return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
      });
      try {
        return { result: await work(), names };
      } finally {
        spy.mockRestore();
      }
    }

    it('a turn of profile, records and likes reads: one statement of each kind, each member their own answer', async () => {
      const users = t.app.get(UsersRepository);
      const wallet = t.app.get(WalletRepository);
      const moments = t.app.get(MomentsRepository);
      // One at a time first: the answers the batch must give.
      const alone: ({ all: { id: string }[] } & Record<string, unknown>)[] = [];
      for (const m of members) {
        const all = await wallet.list(m.id, { limit: 20 });
        alone.push({
          profile: await users.profile(m.id),
          all,
          newest: await wallet.list(m.id, { limit: 1, add: true }),
          older: await wallet.list(m.id, { limit: 20, before: Number(all[0].id) }),
          likes: await moments.likedAmong(m.id, postIds),
        });
      }
      const { result, names } = await statementsDuring(() =>
        Promise.all(
          members.map(async (m, i) => {
            // Asked together: every read of the turn waits for its kind's one statement.
            const [profile, all, newest, older, likes] = await Promise.all([
              users.profile(m.id),
              wallet.list(m.id, { limit: 20 }),
              wallet.list(m.id, { limit: 1, add: true }),
              wallet.list(m.id, { limit: 20, before: Number(alone[i].all[0].id) }),
              moments.likedAmong(m.id, postIds),
            ]);
            return { profile, all, newest, older, likes };
          }),
        ),
      );
      expect(result).toEqual(alone);
      // The figures really differ by member: a mix-up would show.
      expect(result.map((r) => r.profile!.money)).toEqual([
        '1000000',
        '4000000',
        '9000000',
        '16000000',
      ]);
      expect(result.map((r) => r.all.length)).toEqual([1, 2, 3, 4]);
      expect(result.map((r) => r.newest.length)).toEqual([1, 1, 1, 1]);
      expect(result.map((r) => r.older.length)).toEqual([0, 1, 2, 3]);
      expect(result.map((r) => r.likes.size)).toEqual([1, 2, 3, 4]);
      expect(names.filter((n) => n === 'users-profiles')).toHaveLength(1);
      expect(names.filter((n) => n === 'balance-records-lists')).toHaveLength(1);
      expect(names.filter((n) => n === 'moments-liked-among-many')).toHaveLength(1);
    });

    it('over HTTP in parallel, each member reads their own figures, records and likes', async () => {
      const answers = await Promise.all(
        members.flatMap((m) => [
          t.http().get('/users/me').set(m.auth),
          t.http().get('/balance').set(m.auth),
          t.http().get('/balance?add=false').set(m.auth),
          t.http().get('/moments').set(m.auth),
        ]),
      );
      for (const [i, m] of members.entries()) {
        const [profile, records, outgoing, feed] = answers.slice(4 * i, 4 * i + 4);
        expect(profile.status).toBe(200);
        expect(profile.body).toMatchObject({ id: m.id, money: (i + 1) ** 2 });
        expect(records.body.map((r: { amount: number }) => r.amount)).toEqual(
          Array(i + 1).fill(i + 1),
        );
        expect(outgoing.body).toEqual([]);
        const liked = feed.body
          .filter((post: { id: number; liked: boolean }) => postIds.includes(String(post.id)))
          .filter((post: { liked: boolean }) => post.liked);
        expect(liked).toHaveLength(i + 1);
      }
    });
  });
});
