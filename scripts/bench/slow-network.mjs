// A slow network in front of a web server, for bench:web's repeat visits: every
// request waits one round trip, and every answer then crosses one shared link
// of the given throughput, one after another. Done here rather than by
// Chromium's throttling, which holds back the page's own requests but not the
// ones its service worker sends on. Event streams pass through at once.
import { createServer, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length'];

/** Starts the proxy on `port` in front of `target` (http://host:port); resolves to its server. */
export async function slowNetwork({ target, port, rttMs, kbps }) {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  let linkFreeAt = 0;
  const server = createServer((req, res) => {
    const started = Date.now();
    const upstream = request(
      `${target}${req.url}`,
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        const headers = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.includes(name)),
        );
        if (String(answer.headers['content-type']).includes('text/event-stream')) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', async () => {
          const body = Buffer.concat(chunks);
          // The first byte comes a round trip after the request; the link carries one answer at a time.
          const start = Math.max(started + rttMs, linkFreeAt, Date.now());
          linkFreeAt = start + body.length / bytesPerMs;
          await sleep(Math.max(0, linkFreeAt - Date.now()));
          res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': body.length });
          res.end(body);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
