import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_ANSWER_RADIUS_M, QUEST_REWARDS, QUEST_RULES } from '../../core/quests.ts';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  AnswerQuestParamsSchema,
  AnswerQuestSchema,
  QuestAnswerSchema,
  QuestsQuerySchema,
  QuestsSchema,
} from '../../core/schemas/quests.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';
import { answerQuest } from '../services/quest-answers.ts';
import { questsNear } from '../services/quests.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';
import { entitlementsOf } from '../services/users.ts';

const tags = ['quests'];
const rewards = Object.entries(QUEST_REWARDS)
  .map(([kind, tokens]) => `${kind} ${tokens}`)
  .join(', ');

/**
 * Quests near you (docs/decisions/043-quests.md): read from the artworks and walls around the
 * player, answered on the spot with a photo. Every route needs a session.
 */
const questRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/quests',
    {
      schema: {
        operationId: 'listQuestsNearby',
        security: SIGNED_IN,
        summary:
          `Up to ${QUEST_RULES.maxQuests} quests within ${QUEST_RULES.searchRadiusKm} km of ` +
          'lat/lng, closest first: needs_photo (an open-data piece no player has photographed), ' +
          `still_there (not seen for ${QUEST_RULES.staleAfterDays} days, or reported gone since), ` +
          'who_painted (no artist) and visit_wall (an unverified wall), one per target, less ' +
          'those this player answered this period. accuracy (metres) sets answerRadiusM.',
        tags,
        querystring: QuestsQuerySchema,
        response: { 200: QuestsSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { lat, lng, accuracy } = request.query;
      return questsNear(
        db,
        user.id,
        { latitude: lat, longitude: lng, accuracy },
        entitlementsOf(user).tokenMultiplier,
      );
    },
  );

  app.post(
    '/api/quests/:kind/:targetId/answer',
    {
      config: IDEMPOTENT,
      schema: {
        operationId: 'answerQuest',
        security: SIGNED_IN,
        summary:
          'Answer a quest on the spot (201) with a photo this player uploaded whose own GPS, ' +
          `like the reported position, is within 50 m plus accuracy (at most ${MAX_ANSWER_RADIUS_M} ` +
          "m) of the target; who_painted also names the artist. An artwork's answer is a find of " +
          "it (its log, reward and checks); a wall's confirms it. Pays once per player, quest and " +
          `period (409 after): ${rewards}, doubled for Pro; an answer the fair-play checks hold ` +
          'pays nothing until released.',
        tags,
        params: AnswerQuestParamsSchema,
        body: AnswerQuestSchema,
        response: {
          201: QuestAnswerSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      const answer = await answerQuest(db, config.established, user, request.params, request.body);
      return reply.code(201).send(answer);
    },
  );
};

export default questRoutes;
