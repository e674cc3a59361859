import { z } from 'zod';
import { IsoDateSchema } from './common.ts';

/** GET /api/wallet/nonce: what the client needs to build its EIP-4361 message. */
export const SiweNonceSchema = z.object({
  nonce: z.string(),
  /** The chain id the message must name (Ethereum mainnet). */
  chainId: z.number().int(),
  statement: z.string(),
  /** The message's Expiration Time: the nonce is refused after it. */
  expiresAt: IsoDateSchema,
});
export type SiweNonce = z.infer<typeof SiweNonceSchema>;

/** POST /api/wallet/link: the signed EIP-4361 message and its personal_sign signature. */
export const LinkWalletSchema = z.object({
  message: z.string().min(1).max(2000),
  signature: z
    .string()
    .max(4000)
    .regex(/^0x([0-9a-fA-F]{2})+$/, 'must be a 0x-prefixed hex signature'),
});

export const AddressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');
export const WalletAddressParamsSchema = z.object({ address: AddressSchema });

export const LinkedWalletSchema = z.object({
  /** EIP-55 checksummed. */
  address: z.string(),
  chainId: z.number().int(),
  linkedAt: IsoDateSchema,
});
export type LinkedWallet = z.infer<typeof LinkedWalletSchema>;

/** GET /api/wallet: the player's linked wallet, if any. */
export const WalletStatusSchema = z.object({ wallet: LinkedWalletSchema.nullable() });
export type WalletStatus = z.infer<typeof WalletStatusSchema>;
