import { Injectable, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigModule } from '../../../src/config/config.module';
import {
  BackgroundDeclaration,
  background,
  describeBackground,
  job,
  tick,
  validateBackground,
  withBackgroundSection,
} from '../../../src/infra/jobs/background';
import { backgroundTickFailures } from '../../../src/infra/metrics/metrics';
import { BackgroundRunner } from '../../../src/infra/jobs/background.runner';
import { JobsModule } from '../../../src/infra/jobs/jobs.module';
import { BACKGROUND } from '../../../src/background-registry';
import { useTestEnv } from '../../support/env';

useTestEnv();

@Injectable()
class Echo {
  async echo(data: unknown) {
    return data;
  }
}
@Module({ providers: [Echo], exports: [Echo] })
class EchoModule {}

const echoJob = job({
  queue: 'background-registry-test',
  name: 'echo',
  does: 'answers its data',
  handler: Echo,
  run: (echo, data) => echo.echo(data),
});

/** A worker's module tree with only `declarations` for background work. */
async function startWorker(declarations: BackgroundDeclaration[]) {
  @Module({ imports: [ConfigModule, JobsModule.forProcess('worker', declarations)] })
  class TestWorker {}
  return NestFactory.createApplicationContext(TestWorker, { logger: false, abortOnError: false });
}
async function bootWorker(declarations: BackgroundDeclaration[]) {
  await (await startWorker(declarations)).close();
}

describe('the background registry', () => {
  it('is what docs/architecture.md says runs where and how often (pnpm docs:sync)', () => {
    const doc = readFileSync(resolve(__dirname, '../../../../../docs/architecture.md'), 'utf8');
    expect(withBackgroundSection(doc, describeBackground(BACKGROUND))).toBe(doc);
  });

  it('has a handler for every job name put on a queue, and unique names', () => {
    expect(() => validateBackground(BACKGROUND)).not.toThrow();
    const ticks = BACKGROUND.flatMap((d) => (d.ticks ?? []).map((t) => t.name));
    expect(new Set(ticks).size).toBe(ticks.length);
    for (const d of BACKGROUND)
      for (const e of d.enqueues ?? [])
        expect(
          BACKGROUND.some((o) => o.jobs?.some((j) => j.queue === e.queue && j.name === e.name)),
        ).toBe(true);
  });

  it('refuses a job name without a handler, and a name handled twice', () => {
    const dangling = background({
      owner: 'echo',
      module: EchoModule,
      jobs: [echoJob],
      enqueues: [{ queue: 'background-registry-test', name: 'missing', by: 'a test' }],
    });
    expect(() => validateBackground([dangling])).toThrow(
      'job background-registry-test/missing (put on the queue by echo: a test) has no handler',
    );
    const twice = background({ owner: 'echo', module: EchoModule, jobs: [echoJob, echoJob] });
    expect(() => validateBackground([twice])).toThrow('is handled twice');
  });

  it('keeps the worker from starting when a queued job name has no handler', async () => {
    const dangling = background({
      owner: 'echo',
      module: EchoModule,
      jobs: [echoJob],
      enqueues: [{ queue: 'background-registry-test', name: 'missing', by: 'a test' }],
    });
    await expect(bootWorker([dangling])).rejects.toThrow(
      'job background-registry-test/missing (put on the queue by echo: a test) has no handler',
    );
  });

  it('keeps the worker from starting when a handler is not provided', async () => {
    @Injectable()
    class Nowhere {
      async run() {}
    }
    const unprovided = background({
      owner: 'echo',
      module: EchoModule,
      jobs: [
        job({
          queue: 'background-registry-test',
          name: 'nowhere',
          does: 'nothing',
          handler: Nowhere,
          run: (nowhere) => nowhere.run(),
        }),
      ],
    });
    await expect(bootWorker([unprovided])).rejects.toThrow(
      'background job background-registry-test/nowhere: its handler Nowhere is not provided',
    );
  });

  it('runs a tick once at a time, and logs and counts its failure under its name', async () => {
    let calls = 0;
    let release = () => {};
    const ticks = background({
      owner: 'echo',
      module: EchoModule,
      ticks: [
        tick({
          name: 'slow',
          does: 'waits',
          process: 'worker',
          every: { ms: 3_600_000 },
          handler: Echo,
          run: async () => {
            calls++;
            await new Promise<void>((resolve) => (release = resolve));
            return 'done';
          },
        }),
        tick({
          name: 'boom',
          does: 'fails',
          process: 'worker',
          every: { ms: 3_600_000 },
          handler: Echo,
          run: async () => {
            throw new Error('it went wrong');
          },
        }),
      ],
    });
    const context = await startWorker([ticks]);
    try {
      const runner = context.get(BackgroundRunner);
      const first = runner.run('slow');
      // The timer firing while the run goes on: skipped, not overlapped.
      expect(await runner.run('slow')).toBeUndefined();
      release();
      expect(await first).toBe('done');
      expect(calls).toBe(1);

      const failures = async () =>
        (await backgroundTickFailures.get()).values.find((v) => v.labels.tick === 'boom')?.value ??
        0;
      const before = await failures();
      const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      try {
        await expect(runner.run('boom')).rejects.toThrow('it went wrong');
        expect(errors).toHaveBeenCalledWith('tick boom failed: it went wrong');
      } finally {
        errors.mockRestore();
      }
      expect(await failures()).toBe(before + 1);
    } finally {
      await context.close();
    }
  });

  describe('the one door for jobs (issue 42): pnpm lint', () => {
    const root = resolve(__dirname, '../../../../..');
    /** The rule ids and messages ESLint gives `code` as if it were the file at `path`. */
    const lint = (path: string, code: string): string[] => {
      const run = spawnSync(
        resolve(root, 'node_modules/.bin/eslint'),
        ['--format', 'json', '--stdin', '--stdin-filename', path],
        { cwd: root, input: code, encoding: 'utf8' },
      );
      const [file] = JSON.parse(run.stdout) as {
        messages: { ruleId: string; message: string }[];
      }[];
      return file.messages.map((m) => `${m.ruleId}: ${m.message}`);
    };
    const direct = [
      "import { InjectQueue } from '@nestjs/bullmq';",
      "import { Queue } from 'bullmq';",
      'export class Direct {',
      "  constructor(@InjectQueue('deposits') private readonly queue: Queue) {}",
      '  add(recordId: string) {',
      "    return this.queue.addBulk([{ name: 'verify-claim', data: { recordId } }]);",
      '  }',
      '}',
      '',
    ].join('\n');

    it('refuses a job added beside JobQueue', () => {
      expect(lint('apps/api/src/modules/deposits/direct.ts', direct)).toEqual([
        expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: 'InjectQueue'/),
        expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: 'Queue'/),
        expect.stringMatching(/^no-restricted-properties: 'addBulk'/),
      ]);
    }, 60_000);

    it('lets the door add, and the readers of counts inject a queue but never add', () => {
      const door = 'apps/api/src/infra/jobs/job-queue.ts';
      expect(lint(door, readFileSync(resolve(root, door), 'utf8'))).toEqual([]);
      const reader = 'apps/api/src/modules/dashboard/dashboard.service.ts';
      const adding = direct
        .replace('import { Queue }', 'import type { Queue }')
        .replace(
          "addBulk([{ name: 'verify-claim', data: { recordId } }])",
          "add('verify-claim', { recordId })",
        );
      expect(lint(reader, adding)).toEqual([
        expect.stringMatching(/^no-restricted-properties: 'add'/),
      ]);
    }, 60_000);
  });
});
