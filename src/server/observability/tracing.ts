import type { IncomingHttpHeaders } from 'node:http';
import type * as OtelApi from '@opentelemetry/api';

/**
 * Optional OpenTelemetry tracing (docs/decisions/052-metrics.md): on when an OTLP endpoint is
 * set by the standard variables (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; protocol, headers and service name from theirs too) and
 * OTEL_SDK_DISABLED is not true. Off, the SDK is never loaded: no module, no memory, no work.
 */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

let active: { api: typeof OtelApi; tracer: OtelApi.Tracer; stop: () => Promise<void> } | null =
  null;

/** Starts the SDK once per process, its exporter configured by the environment. */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (active || !tracingWanted(env)) return;
  const [{ NodeSDK }, api] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/api'),
  ]);
  // No auto-instrumentation: the spans are the requests, made by the HTTP plugin.
  const sdk = new NodeSDK({
    instrumentations: [],
    ...(env.OTEL_SERVICE_NAME ? {} : { serviceName: 'streetscope' }),
  });
  sdk.start();
  active = { api, tracer: api.trace.getTracer('streetscope'), stop: () => sdk.shutdown() };
}

/** Sends what is pending and stops; a later start begins again. */
export async function stopTracing(): Promise<void> {
  const stopping = active;
  active = null;
  await stopping?.stop();
}

/** A request's span: its trace id goes into the request's log lines. */
export interface RequestSpan {
  traceId: string;
  end(route: string, status: number): void;
}

/**
 * A server span for one request, continuing the caller's trace (traceparent) if it sent one,
 * carrying the request id its log lines carry; null while tracing is off.
 */
export function startRequestSpan(
  method: string,
  headers: IncomingHttpHeaders,
  requestId: string,
): RequestSpan | null {
  if (!active) return null;
  const { api, tracer } = active;
  const parent = api.propagation.extract(api.ROOT_CONTEXT, headers);
  const span = tracer.startSpan(
    method,
    {
      kind: api.SpanKind.SERVER,
      attributes: { 'http.request.method': method, 'streetscope.request_id': requestId },
    },
    parent,
  );
  return {
    traceId: span.spanContext().traceId,
    end(route, status) {
      span.updateName(`${method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    },
  };
}
