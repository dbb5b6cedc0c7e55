import type { INestApplicationContext } from '@nestjs/common';

/**
 * A polite stop (SIGTERM from docker or an orchestrator, SIGINT from a
 * terminal) ends the process cleanly and with exit code 0: the app closes (the
 * API stops taking connections and answers the requests in flight; the
 * worker's consumers finish their current job and its running ticks end),
 * then the process exits. Past `graceMs` (SHUTDOWN_GRACE_MS; 0: no limit) it
 * exits with 1 whatever is still going: a job cut off is handed back to the
 * queue when its lock expires. Nest's enableShutdownHooks would re-raise the
 * signal instead (exit status 143) and has no time limit.
 *
 * Writing to an output pipe whose reader is gone (EPIPE) must not stop or hang
 * the stop: such errors on stdout and stderr are dropped.
 *
 * Called before the app is made, so that a stop during the start is polite
 * too; the function it returns is given the app once it exists and says
 * whether to go on starting (false: a stop is under way).
 */
export function stopPolitely(
  graceMs: number,
  /** Last, once the app has closed (tracing's final export); its failure is ignored. */
  afterClose: () => Promise<void> = async () => undefined,
): (app: INestApplicationContext) => boolean {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  let app: INestApplicationContext | undefined;
  let signal: NodeJS.Signals | undefined;
  const close = (target: INestApplicationContext, by: NodeJS.Signals) => {
    // The HTTP server closes the idle keep-alive connections once, when it starts closing; one
    // whose request was in flight becomes idle only after its answer, and would hold the close.
    const http = (
      target as { getHttpServer?: () => { closeIdleConnections?: () => void } }
    ).getHttpServer?.();
    if (http?.closeIdleConnections) setInterval(() => http.closeIdleConnections!(), 100).unref();
    // The context's close takes the signal (passed on to the shutdown hooks, which log it);
    // the interface type does not declare the parameter.
    (target as INestApplicationContext & { close(signal?: string): Promise<void> }).close(by).then(
      () =>
        afterClose().then(
          () => process.exit(0),
          () => process.exit(0),
        ),
      (error: unknown) => {
        console.error(`stop on ${by} failed: ${error instanceof Error ? error.message : error}`);
        process.exit(1);
      },
    );
  };
  const stop = (received: NodeJS.Signals) => {
    if (signal) return;
    signal = received;
    if (graceMs > 0) setTimeout(() => process.exit(1), graceMs).unref();
    if (app) close(app, signal);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // A stop asked for while the app was starting (the worker's metrics port is up before the
  // rest: bench:chaos stopped one there, and it died of the signal) closes it once it exists.
  return (created) => {
    app = created;
    if (signal) close(app, signal);
    return !signal;
  };
}
