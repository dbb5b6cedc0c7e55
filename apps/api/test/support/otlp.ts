import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as a collector receives it, flattened. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** '' for a trace's root. */
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  links?: { traceId: string; spanId: string }[];
}
interface OtlpTraces {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const valueOf = (v: OtlpValue) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.doubleValue ?? v.boolValue));

const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

/**
 * An OTLP/HTTP receiver of the test's own, as a collector would be: `POST
 * /v1/traces` with http/json bodies (the API's and the worker's exporters,
 * OTEL_EXPORTER_OTLP_PROTOCOL=http/json); every span is kept.
 */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const refused: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (
        req.method !== 'POST' ||
        req.url !== '/v1/traces' ||
        !/json/.test(req.headers['content-type'] ?? '')
      ) {
        refused.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces;
      for (const rs of body.resourceSpans) {
        const service = String(attributesOf(rs.resource.attributes)['service.name']);
        for (const scope of rs.scopeSpans)
          for (const s of scope.spans)
            spans.push({
              service,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId ?? '',
              name: s.name,
              kind: s.kind,
              attributes: attributesOf(s.attributes),
              links: (s.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
            });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    /** Requests that were not OTLP/HTTP JSON traces. */
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OtlpReceiver = Awaited<ReturnType<typeof startOtlpReceiver>>;
