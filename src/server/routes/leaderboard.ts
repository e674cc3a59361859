import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { LeaderboardEntrySchema } from '../../core/schemas/community.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { getLeaderboard } from '../services/leaderboard.ts';

/** SPEC §2 Community "Top Explorers". */
const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Signed-in only (SPEC §2): refuse anonymous requests before their input is even validated.
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/leaderboard',
    {
      schema: {
        operationId: 'getLeaderboard',
        security: SIGNED_IN,
        summary:
          'Top 100 players by score (tokens + 15 × discoveries), ties by earliest account; rank is 1-based. When you are outside the top 100, your own entry with its real rank is appended as the last element (isCurrentUser: true)',
        tags: ['community'],
        response: { 200: z.array(LeaderboardEntrySchema), 401: ErrorSchema },
      },
    },
    async (request) => getLeaderboard(db, requireUser(request).id),
  );
};

export default leaderboardRoutes;
