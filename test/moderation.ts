import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AuditEntry, ModerationActionInput } from '../src/core/schemas/moderation.ts';
import { grantRole } from '../src/server/admin/roles.ts';
import type { Db } from '../src/server/db/client.ts';
import { signUp, type Player } from './app.ts';
import { establishedVisitor } from './walls.ts';

/** Reports and moderation requests, shared by the moderation test files. */

export async function signUpModerator(app: FastifyInstance, db: Db): Promise<Player> {
  const player = await signUp(app);
  await grantRole(db, { username: player.username, role: 'moderator', reason: 'test staff' });
  return player;
}

/**
 * A new player established by the default rule (8 days old, 3 documented finds), whose reports
 * hide content; a plain signUp's reports only queue it for review.
 */
export const signUpEstablished = (app: FastifyInstance, db: Db): Promise<Player> =>
  establishedVisitor(app, db, { latitude: -42.88, longitude: 147.33 });

export const report = (player: Player, payload: object) =>
  player.request({ method: 'POST', url: '/api/reports', payload });

export const act = (player: Player, payload: Partial<ModerationActionInput> | object) =>
  player.request({ method: 'POST', url: '/api/moderation/actions', payload });

export async function acted(player: Player, payload: ModerationActionInput): Promise<AuditEntry> {
  const res = await act(player, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ entry: AuditEntry }>().entry;
}

/** Each player reports it; two established ones hide it. */
export async function reportTwice(reporters: Player[], targetType: string, targetId: string) {
  for (const reporter of reporters) {
    const res = await report(reporter, { targetType, targetId, reason: 'abusive' });
    expect(res.statusCode, res.body).toBe(201);
  }
}
