import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startRequestSpan, startTracing, stopTracing, tracingWanted } from './tracing.ts';

/**
 * Optional OpenTelemetry tracing (docs/decisions/052-metrics.md), exported by the SDK to a local
 * stand-in for a collector that takes OTLP over HTTP as JSON.
 */
describe('without an OTLP endpoint', () => {
  it('stays off: no SDK, no spans', async () => {
    expect(tracingWanted({})).toBe(false);
    expect(
      tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
    await startTracing({});
    expect(startRequestSpan('GET', {}, 'no-trace')).toBeNull();
  });
});

describe('with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const received: string[] = [];
  const collector = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces') received.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  let t: TestApp;

  beforeAll(async () => {
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    Object.assign(process.env, {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    });
    await startTracing();
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => collector.close(resolve));
  });

  it("sends a span per request, named by route template, with the request's id", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await t.app.inject({
      url: '/api/artworks/0b5c6e1e-8f1a-4a57-9a5e-7f3c2d1b0a99',
      headers: {
        'x-request-id': 'req-traced-1',
        traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
      },
    });
    expect(res.statusCode).toBe(401);
    await stopTracing();

    const spans = received.flatMap((body) =>
      (
        JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: Span[] }[] }[];
        }
      ).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    );
    const span = spans.find((s) => attribute(s, 'streetscope.request_id') === 'req-traced-1');
    expect(span).toBeDefined();
    // The caller's trace continues; the name and route are the template, never the raw path.
    expect(span!.traceId).toBe(traceId);
    expect(span!.name).toBe('GET /api/artworks/:id');
    expect(attribute(span!, 'http.route')).toBe('/api/artworks/:id');
    expect(attribute(span!, 'http.response.status_code')).toBe(401);
  });
});

interface Span {
  traceId: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}

function attribute(span: Span, key: string): string | number | undefined {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
}
