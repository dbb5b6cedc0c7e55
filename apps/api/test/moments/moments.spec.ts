import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { TestApp, member, operator, startApp } from '../support/harness';

type Auth = Record<string, string>;

describe('moments: posts with re-encoded photos, likes that count right, moderation', () => {
  let t: TestApp;
  let admin: Auth;
  let dir: string;
  let jpegWithExif: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'moments-test-'));
    t = await startApp({ STORAGE_DIR: dir, MOMENTS_PER_HOUR: '4' });
    admin = await operator(t);
    jpegWithExif = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: '#0a0' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner' } })
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const files = async () => (await readdir(join(dir, 'public')).catch(() => [])).length;
  const post = (auth: Auth, text?: string, images: Buffer[] = []) => {
    let req = t.http().post('/moments').set(auth);
    if (text !== undefined) req = req.field('text', text);
    for (const [i, image] of images.entries()) req = req.attach('images', image, `p${i}.jpg`);
    return req;
  };
  const feed = async (auth: Auth, query = '') =>
    (await t.http().get(`/moments${query}`).set(auth)).body;

  it('posts a photo re-encoded to WebP at display size with no metadata, and a text-only post', async () => {
    const m = await member(t);
    await t.http().post('/users/nickname').set(m.auth).send({ nickname: 'Sunshine' }).expect(200);
    const withPhoto = await post(m.auth, ' A sunny day ', [jpegWithExif]);
    expect(withPhoto.status).toBe(200);
    const textOnly = await post(m.auth, 'Just words');
    const [latest, previous] = await feed(m.auth, `?user_id=${m.id}`);
    expect(latest).toMatchObject({
      id: textOnly.body.id,
      text: 'Just words',
      images: [],
      mine: true,
      like_count: 0,
      liked: false,
    });
    expect(previous).toMatchObject({
      id: withPhoto.body.id,
      text: 'A sunny day',
      author: { id: m.id, name: 'Su***ne' },
    });
    const [image] = previous.images;
    expect(image).toMatchObject({ width: 1080, height: 540 });
    const served = await t
      .http()
      .get(image.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect((await t.http().get(image.thumb_url)).status).toBe(200);
  });

  it('refuses empty posts, non-images and too many files, leaving nothing behind', async () => {
    const m = await member(t);
    const before = await files();
    expect((await post(m.auth, '   ')).status).toBe(422);
    expect((await post(m.auth, 'x'.repeat(501))).status).toBe(422);
    const fake = await post(m.auth, 'hi', [jpegWithExif, Buffer.from('not an image at all')]);
    expect([fake.status, fake.body.code]).toEqual([415, 'UNSUPPORTED_FILE_TYPE']);
    const truncated = await post(m.auth, 'hi', [jpegWithExif.subarray(0, 200)]);
    expect(truncated.status).toBe(415);
    const ten = await post(m.auth, 'hi', Array(10).fill(jpegWithExif));
    expect([ten.status, ten.body.code]).toEqual([400, 'TOO_MANY_FILES']);
    expect(await files()).toBe(before);
    expect(await feed(m.auth, `?user_id=${m.id}`)).toEqual([]);
  });

  it('pages the feed newest first with a cursor', async () => {
    const m = await member(t);
    const ids = [];
    for (const text of ['one', 'two', 'three']) ids.push((await post(m.auth, text)).body.id);
    const first = await feed(m.auth, `?user_id=${m.id}&limit=2`);
    expect(first.map((x: { id: number }) => x.id)).toEqual([ids[2], ids[1]]);
    const next = await feed(m.auth, `?user_id=${m.id}&limit=2&before=${first[1].id}`);
    expect(next.map((x: { id: number }) => x.id)).toEqual([ids[0]]);
    expect((await t.http().get('/moments/mine').set(m.auth)).body).toHaveLength(3);
  });

  it("counts 50 parallel likes from 50 members as 50, and one member's 50 as 1", async () => {
    const author = await member(t);
    const { id } = (await post(author.auth, 'like me')).body;
    // Registered one by one (argon2 is bounded); the likes go in parallel.
    const fans = [];
    for (let i = 0; i < 50; i++) fans.push(await member(t));
    await Promise.all(
      fans.map((f) => t.http().post(`/moments/${id}/like`).set(f.auth).expect(200)),
    );
    const again = await Promise.all(
      Array.from({ length: 50 }, () => t.http().post(`/moments/${id}/like`).set(author.auth)),
    );
    expect(again.at(-1)!.body).toEqual({ like_count: 51, liked: true });
    const unliked = await t.http().delete(`/moments/${id}/like`).set(fans[0].auth);
    expect(unliked.body).toEqual({ like_count: 50, liked: false });
    expect((await feed(author.auth, `?user_id=${author.id}`))[0]).toMatchObject({
      like_count: 50,
      liked: true,
    });
  });

  it("shows a like at once on a page another reader already read, and each reader's own likes", async () => {
    const author = await member(t);
    const reader = await member(t);
    const fan = await member(t);
    const { id } = (await post(author.auth, 'kept page')).body;
    // The reader's read keeps the first page (MOMENTS_FEED_CACHE_MS, one second by default).
    expect((await feed(reader.auth))[0]).toMatchObject({ id, like_count: 0, liked: false });
    await t.http().post(`/moments/${id}/like`).set(fan.auth).expect(200);
    expect((await feed(reader.auth))[0]).toMatchObject({ id, like_count: 1, liked: false });
    expect((await feed(fan.auth))[0]).toMatchObject({ id, like_count: 1, liked: true });
    // A post written since is on the page at once too.
    const { id: newer } = (await post(author.auth, 'newer')).body;
    expect((await feed(reader.auth))[0]).toMatchObject({ id: newer, mine: false });
    expect((await feed(author.auth))[0]).toMatchObject({ id: newer, mine: true });
  });

  it('lets authors delete their own posts (files too), operators any; hidden posts vanish for members', async () => {
    const a = await member(t);
    const b = await member(t);
    const mine = (await post(a.auth, 'mine', [jpegWithExif])).body.id;
    const before = await files();
    expect((await t.http().delete(`/moments/${mine}`).set(b.auth)).status).toBe(404);
    await t.http().delete(`/moments/${mine}`).set(a.auth).expect(200);
    expect(await files()).toBe(before - 2);
    expect(await feed(a.auth, `?user_id=${a.id}`)).toEqual([]);

    const reported = (await post(a.auth, 'rude words')).body.id;
    await t
      .http()
      .post(`/moments/${reported}/report`)
      .set(b.auth)
      .send({ reason: 'rude' })
      .expect(200);
    const queue = (await t.http().get('/admin/moments?reported=true').set(admin)).body;
    expect(queue[0]).toMatchObject({ id: reported, reports: 1, hidden: false });
    await t.http().post(`/admin/moments/${reported}/hide`).set(admin).expect(200);
    expect((await feed(b.auth, `?user_id=${a.id}`)).map((x: { id: number }) => x.id)).not.toContain(
      reported,
    );
    expect((await t.http().post(`/moments/${reported}/like`).set(b.auth)).status).toBe(404);
    await t.http().post(`/admin/moments/${reported}/unhide`).set(admin).expect(200);
    expect((await feed(b.auth, `?user_id=${a.id}`)).map((x: { id: number }) => x.id)).toContain(
      reported,
    );
    await t.http().delete(`/moments/${reported}`).set(admin).expect(200);
    const audit = (await t.http().get('/admin/audit').set(admin)).body.map(
      (x: { action: string }) => x.action,
    );
    expect(audit.slice(0, 3)).toEqual(['moment.delete', 'moment.unhide', 'moment.hide']);
    expect((await t.http().get('/admin/moments').set(b.auth)).status).toBe(403);
  });

  it('limits posts per member per hour (MOMENTS_PER_HOUR)', async () => {
    const m = await member(t);
    for (let i = 0; i < 4; i++) await post(m.auth, `post ${i}`).expect(200);
    const fifth = await post(m.auth, 'one too many');
    expect([fifth.status, fifth.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
  });
});
