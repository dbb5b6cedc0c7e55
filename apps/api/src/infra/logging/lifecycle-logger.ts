import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { flushLogs } from './logging';

/**
 * Says when a process has finished its graceful shutdown (connections
 * closed, in-flight work done); Nest then re-raises the signal to exit.
 */
export function lifecycleLogger(processName: string) {
  @Injectable()
  class LifecycleLogger implements OnApplicationShutdown {
    onApplicationShutdown(signal?: string) {
      // Only a real process stop is news; tests close apps without a signal.
      if (signal) new Logger(processName).log(`${processName} stopped on ${signal}`);
      flushLogs();
    }
  }
  return LifecycleLogger;
}
