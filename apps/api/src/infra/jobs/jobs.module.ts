import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { BackgroundDeclaration, BackgroundProcess } from './background';
import { BACKGROUND_SETUP, BackgroundRunner } from './background.runner';
import { JobQueueModule } from './job-queue';

/**
 * Background work for one process: imports the owners that have work there
 * and runs it through `BackgroundRunner` (queued jobs only in the worker).
 * The declarations come from the composition root (src/background-registry.ts,
 * given by app.module.ts and worker/worker.module.ts): the floor names no owner.
 */
@Module({})
export class JobsModule {
  static forProcess(
    process: BackgroundProcess,
    declarations: BackgroundDeclaration[],
  ): DynamicModule {
    const present = declarations.filter(
      (d) =>
        (d.ticks ?? []).some((t) => t.process === process) ||
        (process === 'worker' && (d.jobs ?? []).length > 0),
    );
    return {
      module: JobsModule,
      imports: [ScheduleModule.forRoot(), JobQueueModule, ...new Set(present.map((d) => d.module))],
      providers: [
        { provide: BACKGROUND_SETUP, useValue: { process, declarations } },
        BackgroundRunner,
      ],
      exports: [BackgroundRunner],
    };
  }
}
