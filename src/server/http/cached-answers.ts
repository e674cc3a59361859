import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ChangeFeed, Topic } from '../db/change-feed.ts';
import { answerLookups } from '../observability/metrics.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed body saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

export interface Variant {
  body: Buffer;
  etag: string;
  encoding: 'br' | 'gzip' | null;
}

/** One JSON answer, serialised and compressed once: each encoding its own strong ETag. */
export interface Answer {
  /** The ETag of the identity body; the compressed ones add -br / -gz inside the quotes. */
  etag: string;
  identity: Variant;
  br: Variant | null;
  gzip: Variant | null;
}

const tagged = (hash: string, suffix: string) => `"${hash}${suffix}"`;

/** Serialises and compresses once; per-player answers (many, small) compress faster. */
export async function toAnswer(value: unknown, shared: boolean): Promise<Answer> {
  const body = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const identity: Variant = { body, etag: tagged(hash, ''), encoding: null };
  if (body.length < MIN_COMPRESS_BYTES)
    return { etag: identity.etag, identity, br: null, gzip: null };
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: shared ? 11 : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: shared ? 9 : 6 }),
  ]);
  return {
    etag: identity.etag,
    identity,
    br: { body: br, etag: tagged(hash, '-br'), encoding: 'br' },
    gzip: { body: gz, etag: tagged(hash, '-gz'), encoding: 'gzip' },
  };
}

/** The documented 304 of a cached answer. */
export const NOT_MODIFIED = z
  .null()
  .describe('Not modified: If-None-Match names the ETag of the current answer');

/** True when If-None-Match names any encoding of this answer (weak comparison, RFC 9110). */
export function isCurrent(ifNoneMatch: string | undefined, answer: Answer): boolean {
  if (!ifNoneMatch) return false;
  const hash = answer.etag.slice(1, -1);
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag.slice(1, -1).replace(/-(br|gz)$/, '') === hash;
  });
}

/** The best encoding of the answer the client accepts. */
export function variantFor(acceptEncoding: string | undefined, answer: Answer): Variant {
  const accepts = acceptEncoding ?? '';
  return (
    (answer.br && /\bbr\b/.test(accepts) && answer.br) ||
    (answer.gzip && /\bgzip\b/.test(accepts) && answer.gzip) ||
    answer.identity
  );
}

/**
 * Sends a cached answer: 304 when the client holds it, else the best encoding it accepts. The
 * browser may keep it but asks each time (no-cache): the ETag makes asking cheap.
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  const variant = variantFor(request.headers['accept-encoding'], answer);
  reply
    .header('etag', variant.etag)
    .header('vary', 'Accept-Encoding')
    .header('cache-control', request.user ? 'private, no-cache' : 'no-cache');
  if (isCurrent(request.headers['if-none-match'], answer)) return reply.code(304).send();
  if (variant.encoding) reply.header('content-encoding', variant.encoding);
  return reply.type('application/json; charset=utf-8').send(variant.body);
}

export interface Built {
  value: unknown;
  /** When the answer changes by the clock alone (a mission expires); null if never. */
  staleAt?: Date | null;
}

interface Entry {
  answer: Answer;
  staleAt: number;
}

/**
 * Answers built once per change and kept in memory (docs/decisions/028), by key: one key for a
 * shared answer, the player's id for a per-player one. A change to one of `topics` drops them
 * all; a change heard for a player drops their key. Concurrent requests for a missing key wait
 * for one build; a build overtaken by a change is used by its waiters but not kept.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, { entry: Promise<Entry>; overtaken: boolean }>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: {
      topics: Topic[];
      /** The route's 200 schema: the answer is encoded by it once, as a route's reply would be. */
      schema: z.ZodType;
      build: (key: string) => Promise<Built>;
      /** Keys are player ids: bounded, compressed quickly, dropped with the player's changes. */
      perPlayer?: boolean;
    },
  ) {
    feed.onTopic((topic) => {
      if (options.topics.includes(topic)) this.clear();
    });
    feed.onReset(() => this.clear());
    if (options.perPlayer) feed.onUser((userId) => this.drop(userId));
  }

  /** The answer kept for `key` while current, without building it; undefined to ask `get`. */
  peek(key: string): Answer | undefined {
    const entry = this.entries.get(key);
    return entry && entry.staleAt > Date.now() && this.feed.listening ? entry.answer : undefined;
  }

  async get(key: string): Promise<Answer> {
    const kept = this.peek(key);
    (kept ? answerLookups.hit : answerLookups.miss).inc();
    if (kept) return kept;
    const pending = this.building.get(key);
    if (pending && !pending.overtaken) return (await pending.entry).answer;
    const build = { entry: this.build(key), overtaken: false };
    this.building.set(key, build);
    try {
      const built = await build.entry;
      if (!build.overtaken && this.feed.listening) {
        if (this.options.perPlayer && this.entries.size >= MAX_PLAYER_ANSWERS) this.evictOldest();
        this.entries.set(key, built);
      }
      return built.answer;
    } finally {
      if (this.building.get(key) === build) this.building.delete(key);
    }
  }

  private async build(key: string): Promise<Entry> {
    const built = await this.options.build(key);
    const value = z.encode(this.options.schema, built.value);
    const answer = await toAnswer(value, !this.options.perPlayer);
    return { answer, staleAt: built.staleAt?.getTime() ?? Infinity };
  }

  private evictOldest(): void {
    const oldest = this.entries.keys().next().value;
    if (oldest !== undefined) this.entries.delete(oldest);
  }

  private drop(key: string): void {
    this.entries.delete(key);
    const pending = this.building.get(key);
    if (pending) pending.overtaken = true;
  }

  private clear(): void {
    this.entries.clear();
    for (const pending of this.building.values()) pending.overtaken = true;
  }
}

/** Per-player answers kept per cache; the oldest built go first. */
const MAX_PLAYER_ANSWERS = 10_000;
