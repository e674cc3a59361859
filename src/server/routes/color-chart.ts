import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { ColourChartSchema } from '../../core/schemas/colours.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { AnswerCache, NOT_MODIFIED, sendAnswer } from '../http/cached-answers.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { colourChartOf, colourRangeFor } from '../services/colour-chart.ts';

/** SPEC §2 Colour chart: the Series 1 house range, as much of it as the player's tier includes. */
const colourChartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', signedInOnly);
  // One answer per range; the session's tier picks which, so no player gets another's chart.
  const charts = new AnswerCache(app.changeFeed, {
    topics: [],
    schema: ColourChartSchema,
    build: async (range) => ({ value: colourChartOf(range as 'basic' | 'full') }),
  });
  app.fastReads.answers('/api/color-chart', (user) => charts.peek(colourRangeFor(user)));

  app.get(
    '/api/color-chart',
    {
      schema: {
        operationId: 'getColourChart',
        security: SIGNED_IN,
        summary:
          'The Series 1 colour chart: the basic range for free players, the full chart for Pro',
        tags: ['catalog'],
        response: { 200: ColourChartSchema, 401: ErrorSchema, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) =>
      sendAnswer(request, reply, await charts.get(colourRangeFor(requireUser(request)))),
  );
};

export default colourChartRoutes;
