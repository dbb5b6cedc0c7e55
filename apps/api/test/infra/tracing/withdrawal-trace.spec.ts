import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { TronWeb } from 'tronweb';
import {
  TestApp,
  adjust,
  expectLedgerSound,
  member,
  operator,
  setLevel,
  startApp,
} from '../../support/harness';
import { BuiltProcess, killBuilt, runBuilt } from '../../support/built-process';
import {
  TEST_WALLET,
  TronTestNode,
  giveBackEarlierSuitesWithdrawals,
  startTronNode,
  tronSettings,
} from '../../support/tron';
import { OtlpReceiver, ReceivedSpan, startOtlpReceiver } from '../../support/otlp';
import { eventually } from '../../support/eventually';

const USDT = 1_000_000n;
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The built API and worker as real processes with tracing on (main.ts and
 * worker.ts start the SDK before the app loads), exporting over OTLP/HTTP
 * (http/json) to a receiver of the test's own: a withdrawal is followed from
 * the member's `POST /balance/take` through the operator's approval and the
 * worker's settlement, its queries and node calls, to the settled record; and
 * a job put on a queue by a request runs in that request's trace.
 */
describe('tracing: one trace from the request to the settlement', () => {
  let receiver: OtlpReceiver;
  let tron: TronTestNode;
  let t: TestApp;
  let api: BuiltProcess;
  let worker: BuiltProcess;
  let apiUrl: string;
  let admin: Record<string, string>;
  let blocks: NodeJS.Timeout;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    tron = await startTronNode();
    const settings = {
      ...tronSettings(tron),
      TRON_SETTLE_INTERVAL_MS: '100',
      TRON_REQUEST_TIMEOUT_MS: '1000',
      // The claims' sweep would race the request to queue its job (one job id: the first wins,
      // with no trace of its own to carry).
      SWEEP_INTERVAL_MS: '600000',
    };
    // In this process, untraced: members, funding and the database for the test's own reads.
    t = await startApp(settings);
    admin = await operator(t);
    await giveBackEarlierSuitesWithdrawals(t, admin);
    const tracing = {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'club-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    api = runBuilt('main.js', {
      ...settings,
      ...tracing,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
    worker = runBuilt('worker.js', { ...settings, ...tracing });
    // Both start at once; on a busy machine that takes a while.
    await eventually(
      async () => ((await fetch(`${apiUrl}/health`).catch(() => undefined))?.ok ? true : undefined),
      90_000,
      'the API to answer',
    ).catch((error: Error) => {
      throw new Error(`${error.message}:\n${api.output()}`);
    });
    await eventually(
      async () => (worker.output().includes('worker started') ? true : undefined),
      60_000,
      'the worker to start',
    ).catch((error: Error) => {
      throw new Error(`${error.message}:\n${worker.output()}`);
    });
    await tron.control('account', {
      address: TEST_WALLET.hotWalletAddress,
      trx: String(1000n * USDT),
      energy: 10_000_000,
    });
    await tron.payUsdt(TEST_WALLET.hotWalletAddress, 100n * USDT);
    await tron.solidify();
    blocks = setInterval(() => void tron.control('blocks').catch(() => undefined), 100);
  }, 240_000);

  afterAll(async () => {
    clearInterval(blocks);
    await killBuilt(worker);
    await killBuilt(api);
    if (t) {
      await expectLedgerSound(t, admin);
      await t.close();
    }
    await tron?.close();
    await receiver?.close();
  });

  const traced = () => request(apiUrl);
  const inTrace = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);
  const childrenOf = (span: ReceivedSpan) =>
    receiver.spans.filter((s) => s.traceId === span.traceId && s.parentSpanId === span.spanId);
  const below = (span: ReceivedSpan): ReceivedSpan[] =>
    childrenOf(span).flatMap((child) => [child, ...below(child)]);
  const statementOf = (s: ReceivedSpan) =>
    String(s.attributes['db.query.text'] ?? s.attributes['db.statement'] ?? '');
  const traceIdOf = (traceparent: string) => traceparent.split('-')[1];

  it('follows a withdrawal from POST /balance/take through approval and the worker to the chain and the settled record', async () => {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, 40);
    const to = TronWeb.address.fromPrivateKey('7'.repeat(64)) as string;

    const taken = await traced().post('/balance/take').set(m.auth).send({ wallet: to, amount: 20 });
    expect(taken.status).toBe(200);
    const [w] = await t.db.query(`SELECT id, trace_parent FROM withdrawals WHERE record_id = $1`, [
      taken.body.id,
    ]);
    // The request's trace, stored with the withdrawal for the worker.
    expect(w.trace_parent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const traceId = traceIdOf(w.trace_parent);

    const approved = await traced().post(`/admin/withdrawals/${w.id}/approve`).set(admin);
    expect(approved.status).toBe(200);
    await eventually(
      async () => {
        const [row] = await t.db.query(`SELECT status FROM withdrawals WHERE id = $1`, [w.id]);
        return row.status === 'confirmed' ? row : undefined;
      },
      30_000,
      'the withdrawal to be confirmed',
    );

    // The API's span of the request: the trace's root, named by its route.
    const server = await eventually(
      async () =>
        inTrace(traceId).find((s) => s.kind === SERVER && s.name === 'POST /balance/take'),
      10_000,
      'the server span of POST /balance/take',
    );
    expect(server.service).toBe('club-test-api');
    expect(server.parentSpanId).toBe('');
    expect(server.attributes['http.route']).toBe('/balance/take');
    // The trace reached the ledger's posting of the request in PostgreSQL.
    expect(below(server).some((s) => statementOf(s).includes('ledger_post'))).toBe(true);

    // The worker's steps of this withdrawal, in the same trace, children of the request's span
    // that was running when the withdrawal was stored.
    const settled = await eventually(
      async () => {
        const steps = inTrace(traceId).filter((s) => s.name === 'withdrawal follow');
        // The step that settled: its queries end the attempt and post the ledger's settlement.
        return steps.find((s) => below(s).some((c) => statementOf(c).includes('ledger_post')));
      },
      10_000,
      'the settling step',
    );
    expect(settled.service).toBe('club-test-worker');
    expect(settled.attributes['withdrawal.id']).toBe(w.id);
    const sign = inTrace(traceId).find((s) => s.name === 'withdrawal sign');
    expect(sign).toBeDefined();
    expect(sign!.service).toBe('club-test-worker');
    const storedParent = w.trace_parent.split('-')[2];
    expect(sign!.parentSpanId).toBe(storedParent);
    expect(settled.parentSpanId).toBe(storedParent);
    const apiSpans = new Map(
      inTrace(traceId)
        .filter((s) => s.service === 'club-test-api')
        .map((s) => [s.spanId, s]),
    );
    expect(apiSpans.has(storedParent)).toBe(true);

    // The node calls: the transfer was broadcast under the signing step, each call with its
    // HTTP request to the node below it; PostgreSQL's queries under the steps.
    const calls = [...below(sign!), ...below(settled)].filter((s) => s.name.startsWith('tron '));
    expect(calls.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'tron wallet/broadcasttransaction',
        'tron walletsolidity/gettransactioninfobyid',
      ]),
    );
    for (const call of calls) {
      const http = childrenOf(call).filter((s) => s.kind === CLIENT);
      expect(http.length).toBeGreaterThan(0);
      expect(http.every((s) => s.service === 'club-test-worker')).toBe(true);
    }
    expect(below(sign!).some((s) => statementOf(s).includes('withdrawal_attempts'))).toBe(true);

    // Parents are consistent: every span of the trace but its root has its parent in the trace,
    // whichever process exported it.
    const ids = new Set(inTrace(traceId).map((s) => s.spanId));
    const orphans = inTrace(traceId).filter((s) => s.parentSpanId && !ids.has(s.parentSpanId));
    expect(orphans).toEqual([]);
    expect(inTrace(traceId).filter((s) => !s.parentSpanId)).toEqual([server]);

    // The operator's approval is a trace of its own that links to the member's request, and
    // its audit row names it.
    const approval = receiver.spans.find(
      (s) => s.kind === SERVER && s.name === 'POST /admin/withdrawals/:id/approve',
    );
    expect(approval).toBeDefined();
    expect(inTrace(approval!.traceId).some((s) => s.links.some((l) => l.traceId === traceId))).toBe(
      true,
    );
    const [audit] = await t.db.query(
      `SELECT trace_id FROM audit_log WHERE action = 'withdrawal.approve' AND details->>'withdrawal_id' = $1`,
      [w.id],
    );
    expect(audit.trace_id).toBe(approval!.traceId);

    // The request's log line carries its trace.
    const line = await eventually(
      async () =>
        api
          .output()
          .split('\n')
          .filter((l) => l.includes('"url":"/balance/take"'))
          .map((l) => JSON.parse(l) as { trace_id?: string; span_id?: string })
          .find((l) => l.trace_id === traceId),
      5_000,
      'the log line of POST /balance/take',
    );
    expect(apiSpans.has(line.span_id!)).toBe(true);
    expect(receiver.refused).toEqual([]);
  });

  it('runs a job a request put on a queue in that request trace (deposit claim)', async () => {
    const m = await member(t);
    const claim = await traced()
      .post('/balance/add')
      .set(m.auth)
      .send({ tx_id: 'cd'.repeat(32) });
    expect(claim.status).toBe(200);
    const server = await eventually(
      async () => receiver.spans.find((s) => s.kind === SERVER && s.name === 'POST /balance/add'),
      10_000,
      'the server span of POST /balance/add',
    );
    const job = await eventually(
      async () =>
        inTrace(server.traceId).find(
          (s) => s.kind === CONSUMER && s.name === 'job deposits/verify-claim',
        ),
      15_000,
      'the job span',
    );
    expect(job.service).toBe('club-test-worker');
    expect(job.attributes['messaging.destination.name']).toBe('deposits');
    // Its parent is a span of the request, in the API.
    const parent = inTrace(server.traceId).find((s) => s.spanId === job.parentSpanId);
    expect(parent?.service).toBe('club-test-api');
    // The job's own work: its queries and its node call, below it.
    expect(below(job).some((s) => s.name.startsWith('tron '))).toBe(true);
    expect(below(job).some((s) => statementOf(s) !== '')).toBe(true);
  });
});
