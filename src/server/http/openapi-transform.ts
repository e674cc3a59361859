import { STATUS_CODES } from 'node:http';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { ORIGIN_EXEMPT, SAFE_METHODS } from './auth-plugin.ts';

type Json = Record<string, unknown>;

const ERROR_JSON: Json = z.toJSONSchema(ErrorSchema, { target: 'draft-2020-12' });
delete ERROR_JSON.$schema; // the document's dialect already says it
const BYTES = { type: 'string', format: 'binary' };
/** Marks an operation whose body may be left out; see markOptionalBodies. */
const OPTIONAL_BODY = 'x-optional-body';

const KEY_PARAMETER: Json = {
  type: 'object',
  properties: {
    'Idempotency-Key': {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[!-~]+$',
      description:
        'Optional. A repeat with the same key (per player, kept 24 hours) gets the first answer ' +
        'again with Idempotent-Replayed: true, and creates nothing.',
    },
  },
};
const REPLAYED_HEADER: Json = {
  'Idempotent-Replayed': {
    type: 'string',
    enum: ['true'],
    description: 'Present when this is the kept answer to an earlier request with the same key',
  },
};
const KEY_CONFLICT =
  'the Idempotency-Key was used for a different request, or its first request is still ' +
  'running (Retry-After)';

/** What a status means when the route does not say more (`ErrorSchema.describe(...)`). */
const MEANING: Record<number, string> = {
  400: 'Invalid input: the message names the bad field',
  401: 'Not signed in',
  403: 'Cross-site request refused, or the account is suspended (the message gives the end date)',
  404: 'Not found',
  413: 'Body too large',
  415: 'Content type not accepted',
  429: 'Too many requests: wait and try again',
  502: 'The payment provider failed; nothing was changed',
  503: 'Not configured on this server',
};

function described(status: number, response: Json): Json {
  if (response.content)
    return { description: MEANING[status] ?? STATUS_CODES[status], ...response };
  // A schema's description describes the response; it need not repeat inside the schema.
  const { description, ...schema } = response;
  return {
    ...schema,
    'x-response-description': description ?? MEANING[status] ?? STATUS_CODES[status],
    ...(status >= 300 && status < 400 && { headers: { Location: { type: 'string' } } }),
  };
}

/**
 * The zod transform, plus what every route answers through app-wide hooks and parsers rather
 * than its handler: 400 (validation; NUL is refused in any input), 403 for a cross-site state
 * change (http/auth-plugin.ts), 413 and 415 from body parsing. A route without a zod `body` that
 * lists `consumes` reads its body raw: JSON is documented as an object, anything else as bytes.
 */
export const withAppWideAnswers: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as Json;
  if (schema.hide) return result;
  const method = [input.route.method].flat()[0] ?? 'GET';
  const responses: Record<string, Json> = { ...(schema.response as Record<string, Json>) };
  const add = (status: number) => (responses[status] ??= ERROR_JSON);
  add(400);
  if (!SAFE_METHODS.has(method) && !ORIGIN_EXEMPT.has(input.url)) add(403);
  if (schema.body) [413, 415].forEach(add);
  const idempotent = (input.route.config as { idempotent?: boolean } | undefined)?.idempotent;
  if (idempotent) {
    const said = responses[409]?.description;
    responses[409] = {
      ...(responses[409] ?? ERROR_JSON),
      description: said ? `${String(said)}; or ${KEY_CONFLICT}` : `Conflict: ${KEY_CONFLICT}`,
    };
  }
  for (const [status, response] of Object.entries(responses)) {
    responses[status] = described(Number(status), response);
    if (idempotent && Number(status) < 300) responses[status]!.headers = REPLAYED_HEADER;
  }
  const rawTypes = !schema.body ? (schema.consumes as string[] | undefined) : undefined;
  const body = rawTypes && {
    content: Object.fromEntries(
      rawTypes.map((type) => [
        type,
        { schema: type.endsWith('json') ? { type: 'object' } : BYTES },
      ]),
    ),
  };
  const zodBody = input.schema.body as ZodType | undefined;
  const optional = zodBody?.safeParse(undefined).success === true;
  return {
    url: result.url,
    schema: {
      ...schema,
      response: responses,
      ...(body && { body }),
      ...(idempotent && { headers: KEY_PARAMETER }),
      ...(optional && { [OPTIONAL_BODY]: true }),
    },
  };
};

/** @fastify/swagger marks every body required; bodies the server can do without are not. */
export const markOptionalBodies: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const doc = document.openapiObject;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item ?? {}) as Json[]) {
      if (!operation?.[OPTIONAL_BODY]) continue;
      delete operation[OPTIONAL_BODY];
      (operation.requestBody as Json).required = false;
    }
  }
  return doc;
};
