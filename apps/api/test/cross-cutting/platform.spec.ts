import { DataSource } from 'typeorm';
import { seed } from '../../src/seed/seed';
import { TestApp, startApp, uniquePhone } from '../support/harness';

type Op = {
  parameters?: { name: string; schema?: { type?: string } }[];
  responses: Record<
    string,
    { description?: string; content?: Record<string, { schema?: unknown }> }
  >;
};

describe('platform: errors, docs, health, seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('answers unknown routes with 404 in the error shape', async () => {
    const res = await t.http().get('/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not Found', code: 'NOT_FOUND' });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await t.http().put('/users/me');
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ detail: 'Method Not Allowed', code: 'METHOD_NOT_ALLOWED' });
    expect(res.headers.allow).toBe('GET');
    const patch = await t.http().patch('/messages/12');
    expect(patch.status).toBe(405);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await t
      .http()
      .post('/users/')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ email: 'x'.repeat(1100 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      detail: 'Request body is larger than 1 MiB',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('answers malformed JSON with 400, an unsupported body type with 415', async () => {
    const bad = await t
      .http()
      .post('/users/')
      .set('content-type', 'application/json')
      .send('{"email": ');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: 'Malformed JSON body', code: 'INVALID_JSON' });
    const xml = await t.http().post('/users/').set('content-type', 'application/xml').send('<a/>');
    expect(xml.status).toBe(415);
    expect(xml.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a non-object JSON body with 422', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const res = await t.http().post('/users/').set('content-type', 'application/json').send(body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('marks answers not cacheable and not sniffable; posters may be cached', async () => {
    const api = await t.http().get('/packages');
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    const error = await t.http().get('/no/such/route');
    expect(error.headers['cache-control']).toBe('no-store');
    const poster = await t.http().get('/static/trailers/1.svg');
    expect(poster.headers['cache-control']).not.toBe('no-store');
    expect(poster.headers['x-content-type-options']).toBe('nosniff');
    const missing = await t.http().get('/static/trailers/no-such-poster.svg');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it("sends OWASP's API security headers on JSON answers and errors alike", async () => {
    for (const res of [await t.http().get('/packages'), await t.http().get('/no/such/route')]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it("sends helmet's page headers on everything else (the Swagger UI, posters)", async () => {
    for (const res of [await t.http().get('/docs'), await t.http().get('/static/trailers/1.svg')]) {
      expect(res.status).toBe(200);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('reports PostgreSQL, Redis and the migrations in /health', async () => {
    const res = await t.http().get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', postgres: 'up', redis: 'up', migrations: 'applied' });
  });

  it('serves Swagger UI and an OpenAPI document with every path, error and example', async () => {
    const ui = await t.http().get('/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
    const res = await t.http().get('/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p as object));
    const ids = operations.map((op: { operationId: string }) => op.operationId).sort();
    expect(ids).toEqual(
      [
        'activateMember',
        'cancelWithdrawal',
        'closeSupportRequest',
        'addBanner',
        'adjustBalance',
        'approveAdjustment',
        'approveCardDeposit',
        'approveEconomyChange',
        'approveSponsorFunds',
        'approveStaffRequest',
        'approveVerification',
        'approveWithdrawal',
        'beatTrailerView',
        'bindMail',
        'buyVip',
        'changeNickname',
        'changePassword',
        'changePhone',
        'claimChallenge',
        'claimDeposit',
        'createCampaign',
        'createCardDeposit',
        'createChallenge',
        'createEventTicket',
        'createMoment',
        'createTrailer',
        'deactivateMember',
        'deleteAddress',
        'deleteAllMessages',
        'deleteMoment',
        'depositAddress',
        'dismissHeldDeposit',
        'economyBaselines',
        'economyHistory',
        'endMemberLogins',
        'exportAudit',
        'exportMembers',
        'exportRecords',
        'forgotPassword',
        'fundingForecast',
        'getBonus',
        'getCard',
        'getCardRates',
        'getCardReceipt',
        'getDashboard',
        'getHealthFigures',
        'getMailStatus',
        'getMainMessage',
        'getMe',
        'getMedia',
        'getMember',
        'getMessage',
        'getOwnPhoto',
        'getOwnReceipt',
        'getProgress',
        'getQueueCounts',
        'getSite',
        'getSiteSettings',
        'getStatement',
        'getTeamRates',
        'getToday',
        'getTransparency',
        'getTrailer',
        'getVerification',
        'getVerificationPhoto',
        'getWithdrawal',
        'health',
        'hideMoment',
        'issueResetCode',
        'latestProof',
        'ledgerReport',
        'likeMoment',
        'listAddresses',
        'listAdjustments',
        'listAllChallenges',
        'listAllTrailers',
        'listAudit',
        'listBalanceRecords',
        'listBanners',
        'listCampaigns',
        'listCardDeposits',
        'listChallenges',
        'listDeposits',
        'listEconomyChanges',
        'listForeignDeposits',
        'listDepositGaps',
        'listHeldDeposits',
        'listInvites',
        'listMembers',
        'listMessages',
        'listModeration',
        'listMoments',
        'listMyMoments',
        'listPackages',
        'listProofs',
        'listRings',
        'listSponsorFunds',
        'listStaffRequests',
        'listSupportRequests',
        'listSweeps',
        'listTrailers',
        'listTronCostTransfers',
        'listVerifications',
        'listWithdrawals',
        'liveness',
        'login',
        'logout',
        'myProof',
        'publishProof',
        'readAllMessages',
        'readiness',
        'recordSponsorFunds',
        'recordSweep',
        'refreshToken',
        'register',
        'rejectAdjustment',
        'rejectCardDeposit',
        'rejectEconomyChange',
        'rejectSponsorFunds',
        'rejectStaffRequest',
        'rejectVerification',
        'rejectWithdrawal',
        'releaseRing',
        'removeBanner',
        'reportMoment',
        'resetPassword',
        'resolveDepositGap',
        'retryWithdrawal',
        'reverseRing',
        'saveAddress',
        'sendMailCode',
        'sendMessage',
        'sendSupportRequest',
        'setCardRates',
        'setMemberRole',
        'setPackage',
        'setSiteSettings',
        'setTeamRates',
        'setTransactionPassword',
        'staffOverview',
        'streamEvents',
        'submitVerification',
        'sweepCandidates',
        'sweepDestination',
        'transferToPoints',
        'tronCostsReport',
        'unhideMoment',
        'unlikeMoment',
        'updateCampaign',
        'updateChallenge',
        'updateTrailer',
        'uploadPoster',
        'verifyAudit',
        'watchTrailer',
        'withdraw',
      ].sort(),
    );
    expect(doc.components.schemas.ErrorBody).toBeDefined();
    expect(
      doc.paths['/token'].post.requestBody.content['application/x-www-form-urlencoded'],
    ).toBeDefined();
    expect(
      doc.paths['/token'].post.responses['401'].content['application/json'].examples.BAD_CREDENTIALS
        .value,
    ).toEqual({
      detail: 'Incorrect email or password',
      code: 'BAD_CREDENTIALS',
    });
    expect(doc.paths['/users'].post.responses['422']).toBeDefined();
    expect(doc.paths['/users/me'].get.responses['401']).toBeDefined();
    for (const op of operations as { responses: Record<string, unknown> }[]) {
      expect(op.responses['200']).toBeDefined();
      expect(op.responses['201']).toBeUndefined();
    }
    expect(doc.components.schemas.UserMe.properties.money.example).toBe(12.5);
  });

  it('serves a precise document: integer ids, a typed and described answer everywhere', async () => {
    // The same as .spectral.yaml's own rules, on the document the app serves
    // (the lint reads the committed copy): no id a float, no success answer
    // without a media type and a schema, no answer without a description.
    const doc = (await t.http().get('/openapi.json')).body;
    const isId = (name: string) => name === 'id' || name.endsWith('_id');
    const floatIds: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const { properties } = node as { properties?: Record<string, { type?: string }> };
      for (const [name, schema] of Object.entries(properties ?? {}))
        if (isId(name) && schema.type === 'number') floatIds.push(`${at}.${name}`);
      for (const [key, child] of Object.entries(node)) walk(child, `${at}.${key}`);
    };
    walk(doc.components, 'components');
    const untyped: string[] = [];
    const undescribed: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Op>>))
      for (const [method, op] of Object.entries(item)) {
        walk(op, `${method} ${path}`);
        for (const p of op.parameters ?? [])
          if (isId(p.name) && p.schema?.type === 'number')
            floatIds.push(`${method} ${path} ${p.name}`);
        for (const [status, response] of Object.entries(op.responses)) {
          if (!response.description) undescribed.push(`${method} ${path} ${status}`);
          const media = Object.values(response.content ?? {});
          if (
            status.startsWith('2') &&
            status !== '204' &&
            (!media.length || !media.every((m) => m.schema))
          )
            untyped.push(`${method} ${path} ${status}`);
        }
      }
    expect({ floatIds, untyped, undescribed }).toEqual({
      floatIds: [],
      untyped: [],
      undescribed: [],
    });
    expect(doc.paths['/admin/exports/members.csv'].get.responses['200'].content).toHaveProperty(
      'text/csv',
    );
    expect(doc.paths['/media/{name}'].get.responses['200'].content).toHaveProperty('image/png');
    // A body that is not JSON is a 400 INVALID_JSON before any route runs (the test above).
    const nickname400 = doc.paths['/users/nickname'].post.responses['400'];
    expect(Object.keys(nickname400.content['application/json'].examples).sort()).toEqual([
      'INVALID_JSON',
      'NICKNAME_RESERVED',
    ]);
    // An array element's place in a 422's loc is its index, a number.
    expect(doc.components.schemas.ValidationIssueBody.properties.loc.items).toEqual({
      oneOf: [{ type: 'string' }, { type: 'integer', minimum: 0 }],
    });
  });

  it('seeds idempotently: a second run changes nothing and keeps operator edits', async () => {
    const count = async (db: DataSource) =>
      (
        await db.query(
          `SELECT (SELECT count(*) FROM trailers) t, (SELECT count(*) FROM messages WHERE user_id IS NULL) m, (SELECT count(*) FROM packages) p, (SELECT count(*) FROM users WHERE role = 'admin') a`,
        )
      )[0];
    // An operator's card (nothing is seeded: another suite may or may not have set one).
    const [previous] = await t.db.query(`SELECT value FROM app_settings WHERE key = 'card'`);
    await t.db.query(
      `INSERT INTO app_settings (key, value) VALUES ('card', '4000 0000 0000 0002')
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    const before = await count(t.db);
    await seed(t.db, { phone: process.env.ADMIN_PHONE!, password: process.env.ADMIN_PASSWORD! });
    expect(await count(t.db)).toEqual(before);
    expect(Number(before.t)).toBeGreaterThanOrEqual(12);
    expect(Number(before.p)).toBe(10);
    // Other suites promote their own members to staff roles; the seed adds no admin of its own.
    expect(Number(before.a)).toBeGreaterThanOrEqual(1);
    const [seeded] = await t.db.query(`SELECT role FROM users WHERE phone = $1`, [
      process.env.ADMIN_PHONE,
    ]);
    expect(seeded.role).toBe('admin');
    const [card] = await t.db.query(`SELECT value FROM app_settings WHERE key = 'card'`);
    expect(card.value).toBe('4000 0000 0000 0002');
    if (previous)
      await t.db.query(`UPDATE app_settings SET value = $1 WHERE key = 'card'`, [previous.value]);
    else await t.db.query(`DELETE FROM app_settings WHERE key = 'card'`);
  });

  it('never answers 201: every POST success is 200', async () => {
    const res = await t.http().post('/users/').send({ email: uniquePhone(), password: 'secret12' });
    expect(res.status).toBe(200);
  });
});
