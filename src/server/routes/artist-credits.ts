import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArtworkCreditsSchema,
  CREDIT_RULES,
  CreditDecisionSchema,
  CreditVoteSchema,
  ProposeCreditSchema,
} from '../../core/schemas/artists.ts';
import { ErrorSchema, IdParamsSchema } from '../../core/schemas/common.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';
import {
  getArtworkCredits,
  proposeCredit,
  settleCredit,
  voteOnCredit,
} from '../services/artist-credits.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';

const tags = ['artist-credits'];

const writeErrors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  429: ErrorSchema,
};

/**
 * "Who painted this?": a piece's artist credits, proposed by players, confirmed or disputed by
 * others, settled by the verified artist (docs/decisions/049-artists.md).
 */
const artistCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  app.get(
    '/api/artworks/:id/credits',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'listArtworkCredits',
        security: SIGNED_IN,
        summary:
          'A piece’s artist credits with their history, and its first finder’s free text as a ' +
          'suggestion until a credit is confirmed (with the artist it names, if one matches)',
        tags,
        params: IdParamsSchema,
        response: {
          200: ArtworkCreditsSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request) => getArtworkCredits(db, request.params.id, requireUser(request)),
  );

  app.post(
    '/api/artworks/:id/credits',
    {
      config: IDEMPOTENT,
      preValidation: signedInOnly,
      schema: {
        operationId: 'proposeArtworkCredit',
        security: SIGNED_IN,
        summary:
          `"Who painted this?" (201): proposes an artist for a piece; ` +
          `${CREDIT_RULES.confirmationsNeeded} other player’s confirmation confirms it. The ` +
          'artist’s own verified account marks the piece as theirs at once. 409 when that artist ' +
          'is already proposed for it',
        tags,
        params: IdParamsSchema,
        body: ProposeCreditSchema,
        response: { 201: ArtworkCreditsSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      const credits = await proposeCredit(db, user, request.params.id, request.body.artistId);
      return reply.code(201).send(credits);
    },
  );

  app.post(
    '/api/artist-credits/:id/votes',
    {
      config: IDEMPOTENT,
      preValidation: signedInOnly,
      schema: {
        operationId: 'voteOnArtistCredit',
        security: SIGNED_IN,
        summary:
          'Confirm or dispute a credit (201), once per player; not its proposer, not the artist. ' +
          `${CREDIT_RULES.disputesNeeded} disputes outnumbering the players who agree dispute it. ` +
          '409 when already voted or settled by the artist',
        tags,
        params: IdParamsSchema,
        body: CreditVoteSchema,
        response: { 201: ArtworkCreditsSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      const credits = await voteOnCredit(db, user, request.params.id, request.body.vote);
      return reply.code(201).send(credits);
    },
  );

  app.post(
    '/api/artist-credits/:id/decision',
    {
      config: IDEMPOTENT,
      preValidation: signedInOnly,
      schema: {
        operationId: 'settleArtistCredit',
        security: SIGNED_IN,
        summary:
          'The verified artist confirms or rejects a credit naming them, once, in the audit log; ' +
          'a rejected credit leaves their page. 403 for anyone else',
        tags,
        params: IdParamsSchema,
        body: CreditDecisionSchema,
        response: { 200: ArtworkCreditsSchema, ...writeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return settleCredit(db, user, request.params.id, request.body.decision);
    },
  );
};

export default artistCreditRoutes;
