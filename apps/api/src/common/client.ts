import type { FastifyRequest } from 'fastify';

/**
 * The device id the web client keeps (random, created once) and sends on
 * every call (contract section 11); anything else in the header is ignored.
 */
export const DEVICE_ID_HEADER = 'x-device-id';
const DEVICE_ID = /^[A-Za-z0-9_-]{8,128}$/;

/** What a request says about its client, for the risk signals (issue 38). */
export interface ClientSeen {
  /** The client's address as TRUST_PROXY resolves it. */
  ip: string;
  deviceId: string | null;
}

export function clientOf(request: FastifyRequest): ClientSeen {
  const header = request.headers[DEVICE_ID_HEADER];
  const deviceId = typeof header === 'string' && DEVICE_ID.test(header) ? header : null;
  return { ip: request.ip ?? '', deviceId };
}
