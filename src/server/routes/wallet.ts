import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  LinkedWalletSchema,
  LinkWalletSchema,
  SiweNonceSchema,
  WalletAddressParamsSchema,
  WalletStatusSchema,
} from '../../core/schemas/wallet.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { getLinkedWallet, issueNonce, linkWallet, unlinkWallet } from '../auth/siwe.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';

const tags = ['wallet'];

/** A wallet linked by proof: Sign-In with Ethereum (EIP-4361) for the signed-in player. */
const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/wallet',
    {
      schema: {
        operationId: 'getWallet',
        security: SIGNED_IN,
        summary: "The player's linked wallet, or null",
        tags,
        response: { 200: WalletStatusSchema, 401: ErrorSchema },
      },
    },
    async (request) => ({ wallet: await getLinkedWallet(db, requireUser(request).id) }),
  );

  app.get(
    '/api/wallet/nonce',
    {
      schema: {
        operationId: 'getWalletNonce',
        security: SIGNED_IN,
        summary: 'A single-use nonce (10 minutes) for the EIP-4361 message to sign',
        tags,
        response: { 200: SiweNonceSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    // Never cached: every signed-in answer is private, no-store (security-headers.ts).
    async (request) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return issueNonce(db, user.id);
    },
  );

  app.post(
    '/api/wallet/link',
    {
      config: IDEMPOTENT,
      schema: {
        operationId: 'linkWallet',
        security: SIGNED_IN,
        summary: 'Link the wallet that signed this EIP-4361 message (personal_sign)',
        description:
          'Domain and URI must be PUBLIC_URL, chain id 1, the nonce one of yours and unused, ' +
          'Issued At within 10 minutes. The address is recovered from the signature offline; ' +
          'contract wallets (ERC-1271) need WALLET_RPC_URL. 409 when another account has it.',
        tags,
        body: LinkWalletSchema,
        response: {
          200: LinkedWalletSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return linkWallet(db, config, user.id, request.body);
    },
  );

  app.delete(
    '/api/wallet/:address',
    {
      schema: {
        operationId: 'unlinkWallet',
        security: SIGNED_IN,
        summary: 'Unlink a wallet from your account',
        tags,
        params: WalletAddressParamsSchema,
        response: {
          204: z.null(),
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      await unlinkWallet(db, user.id, request.params.address);
      return reply.code(204).send(null);
    },
  );
};

export default walletRoutes;
