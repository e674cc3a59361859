import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  LinkStartSchema,
  ProviderParamsSchema,
  SignInMethodsSchema,
} from '../../core/schemas/sign-in-methods.ts';
import { ProviderDownError, type OidcClients } from '../auth/oidc-client.ts';
import { issuerForms, type OidcProviderConfig } from '../config/oidc-config.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { conflict, notFound, tooManyRequests } from '../errors.ts';
import { linkedIdentities, unlinkIdentity } from '../services/oidc-accounts.ts';
import { hasPasskey } from '../services/passkeys.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The profile's sign-in methods: the password, passkeys and each configured provider, and
 * linking or unlinking a provider (docs/decisions/035-openid-connect.md). Registered by the
 * OpenID Connect routes, whose providers and pending sign-ins a link goes through.
 */
export function signInMethodRoutes(
  app: App,
  {
    clients,
    withinLimit,
    tooMany,
    linkUrl,
  }: {
    clients: OidcClients;
    withinLimit: (request: FastifyRequest) => Promise<boolean>;
    tooMany: string;
    /** The provider's login page for a link to `userId`'s account, coming back to the profile. */
    linkUrl: (
      request: FastifyRequest,
      reply: FastifyReply,
      provider: OidcProviderConfig,
      userId: string,
    ) => Promise<string>;
  },
): void {
  const { db, config } = app;

  app.get(
    '/api/profile/sign-in-methods',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'listMySignInMethods',
        security: SIGNED_IN,
        summary: 'How you can sign in: your password and each configured provider, linked or not',
        tags: ['profile'],
        response: { 200: SignInMethodsSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const linked = await linkedIdentities(db, user.id);
      return {
        password: config.passwordSignIn && user.passwordHash !== null,
        passwordSignIn: config.passwordSignIn,
        passkey: await hasPasskey(db, user.id),
        providers: config.oidcProviders.map((p) => {
          const identity = linked.find((l) => issuerForms(p.issuerUrl).includes(l.issuer));
          return {
            id: p.id,
            name: p.name,
            linkedAt: identity ? identity.linkedAt.toISOString() : null,
          };
        }),
      };
    },
  );

  app.post(
    '/api/profile/sign-in-methods/:provider/link',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'startProviderLink',
        security: SIGNED_IN,
        summary: "Link a provider: answers the provider's login page to send the browser to",
        description:
          'The provider comes back to the callback, which links the identity to this account and returns to /profile?linked or /profile?linkError=linked-elsewhere.',
        tags: ['profile'],
        params: ProviderParamsSchema,
        response: {
          200: LinkStartSchema,
          401: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const provider = clients.provider(request.params.provider);
      if (!provider) throw notFound('There is no such way to sign in.');
      const linked = await linkedIdentities(db, user.id);
      if (linked.some((l) => issuerForms(provider.issuerUrl).includes(l.issuer))) {
        throw conflict(`${provider.name} is already linked to your account.`);
      }
      if (!(await withinLimit(request))) throw tooManyRequests(tooMany);
      try {
        return { url: await linkUrl(request, reply, provider, user.id) };
      } catch (err) {
        if (err instanceof ProviderDownError) {
          return reply.code(503).send({ message: err.message });
        }
        throw err;
      }
    },
  );

  app.delete(
    '/api/profile/sign-in-methods/:provider',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'unlinkProvider',
        security: SIGNED_IN,
        summary: 'Unlink a provider, while another way to sign in remains (204)',
        tags: ['profile'],
        params: ProviderParamsSchema,
        response: { 204: z.null(), 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const provider = clients.provider(request.params.provider);
      if (!provider) throw notFound('There is no such way to sign in.');
      await unlinkIdentity(db, config, user.id, issuerForms(provider.issuerUrl));
      return reply.code(204).send(null);
    },
  );
}
