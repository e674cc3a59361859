import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MissionSchema } from '../../core/schemas/catalog.ts';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { AnswerCache, NOT_MODIFIED, sendAnswer } from '../http/cached-answers.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { listActiveMissions, nextMissionExpiry } from '../services/catalog.ts';

/** SPEC §2 Missions: the street-art missions tab (legal walls live in routes/walls.ts). */
const missionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // completedByMe makes each player's list their own: kept per player.
  const lists = new AnswerCache(app.changeFeed, {
    topics: ['missions'],
    schema: z.array(MissionSchema),
    perPlayer: true,
    build: async (userId) => ({
      staleAt: await nextMissionExpiry(db),
      value: await listActiveMissions(db, userId),
    }),
  });
  app.fastReads.answers('/api/missions', (user) => lists.peek(user.id));
  // Signed-in only (SPEC §2): refuse anonymous requests before their input is even validated.
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/missions',
    {
      schema: {
        operationId: 'listMissions',
        security: SIGNED_IN,
        summary:
          'Missions that have not expired, soonest expiry first (open-ended last), then by title; completedByMe says whether you completed one',
        tags: ['catalog'],
        response: { 200: z.array(MissionSchema), 401: ErrorSchema, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) => sendAnswer(request, reply, await lists.get(requireUser(request).id)),
  );
};

export default missionRoutes;
