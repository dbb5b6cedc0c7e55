import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { RequestLog, requestContext } from './logging';
import { observeRequest } from './metrics';

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
 * What every request goes through around Nest: its id (answered in
 * X-Request-Id and put on every log line written while it runs), the
 * security headers (by what the answer is), no caching of personal answers,
 * then one log line and the latency metric. Callback-style hooks: this runs on every request (see
 * docs/decisions.md, "Hot paths").
 */
export function registerRequestHooks(fastify: FastifyInstance, requestLog: RequestLog) {
  const pageHeaders = pageSecurityHeaders();
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    requestContext.run(request.id, done);
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const json = typeof type === 'string' && type.startsWith('application/json');
    reply.headers(json ? apiHeaders : pageHeaders);
    // Answers carry personal data and tokens: never cached by browsers or
    // proxies. Posters and public media may be cached.
    const cacheable =
      request.url.startsWith('/static/') ||
      (request.url.startsWith('/media/') && reply.statusCode === 200);
    if (!cacheable) reply.header('Cache-Control', 'no-store');
    done(null, payload);
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
