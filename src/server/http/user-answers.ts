import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { UserSchema } from '../../core/schemas/user.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { toUserDto } from '../services/users.ts';
import { toAnswer, type Answer } from './cached-answers.ts';

interface Entry {
  answer: Answer;
  /** When the clock alone changes the answer: a suspension or a Pro period ends. */
  staleAt: number;
}

/**
 * GET /api/auth/user's answer, serialised once per session user (docs/decisions/050), so the
 * fast path can send it (fast-reads.ts); sent as it always was, uncompressed and never stored.
 * The session cache's user objects are frozen and a change to the player loads a new one: an
 * answer kept beside its object is current for as long as the object is, up to the next instant
 * at which the clock changes it.
 */
const kept = new WeakMap<SessionUser, Entry>();

/** The answer kept for this session user while current, without building it. */
export function peekUserAnswer(user: SessionUser): Answer | undefined {
  const entry = kept.get(user);
  return entry && entry.staleAt > Date.now() ? entry.answer : undefined;
}

async function userAnswer(user: SessionUser): Promise<Answer> {
  const current = peekUserAnswer(user);
  if (current) return current;
  const now = Date.now();
  const answer = await toAnswer(z.encode(UserSchema, toUserDto(user)), false);
  const ends = [user.suspendedUntil, user.proPeriodEnd]
    .map((at) => at?.getTime() ?? Infinity)
    .filter((at) => at > now);
  kept.set(user, { answer, staleAt: Math.min(Infinity, ...ends) });
  return answer;
}

/** Fastify's answer: the same bytes the fast path sends, as JSON; never stored (no ETag). */
export async function sendUserAnswer(reply: FastifyReply, user: SessionUser) {
  const { body } = (await userAnswer(user)).identity;
  return reply.type('application/json; charset=utf-8').send(body);
}
