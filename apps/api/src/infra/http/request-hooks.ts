import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { RequestLog, requestContext } from '../logging/logging';
import { observeRequest } from '../metrics/metrics';

/**
 * The API answers JSON, media and the Swagger UI at /docs; only the UI
 * needs more than nothing: its own scripts, inline styles and data: icons.
 * No upgrade-insecure-requests: the docs are read over plain HTTP locally,
 * and a TLS proxy in front adds HSTS through helmet's header anyway.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  upgradeInsecureRequests: null,
};

/**
 * The headers helmet sets for pages (the Swagger UI, posters, media),
 * computed once by helmet itself: they never depend on the request (no CSP
 * nonces), and running helmet's middleware on every request (what
 * @fastify/helmet does) cost a fifth of /users/me's throughput.
 */
function pageSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES } })(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      done = true;
    },
  );
  // helmet's middleware is synchronous; if it ever is not, fail at start-up, not per request.
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * JSON answers get the headers OWASP's REST Security Cheat Sheet lists for
 * API responses (with Cache-Control and Content-Type, set elsewhere); the
 * rest of helmet's set only means something to a page. Half the headers,
 * and every header is work on every answer.
 */
function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': page['strict-transport-security'],
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
  };
}

/**
 * Paths whose answers are pages or files rather than the API's JSON: the
 * Swagger UI, posters and uploaded media. Everything else (JSON, and the few
 * API answers that are CSV, YAML, metrics or a member's own document image)
 * gets the API set, which forbids more.
 */
const PAGE_PREFIXES = ['/docs', '/static/', '/media/'];

/**
 * What every request goes through around Nest: its id (answered in
 * X-Request-Id and put on every log line written while it runs), the
 * security headers and no caching of personal answers, then one log line and
 * the latency metric. The headers are chosen by path when the request
 * arrives, not by content type when the answer leaves: an onSend hook on
 * every answer cost a twelfth of /users/me (docs/decisions.md, "Hot paths").
 * Callback-style hooks: this runs on every request.
 */
export function registerRequestHooks(fastify: FastifyInstance, requestLog: RequestLog) {
  const pageHeaders = pageSecurityHeaders();
  // Nothing is cached unless its route says so: the static files and a
  // media route that finds its file set their own Cache-Control over this
  // one, which stays on their errors.
  const apiAnswer = { ...apiSecurityHeaders(pageHeaders), 'cache-control': 'no-store' };
  const pageAnswer = { ...pageHeaders, 'cache-control': 'no-store' };
  fastify.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(PAGE_PREFIXES.some((prefix) => url.startsWith(prefix)) ? pageAnswer : apiAnswer);
    reply.header('x-request-id', request.id);
    requestContext.run(request.id, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    requestLog.write(request, reply);
    done();
  });
}
