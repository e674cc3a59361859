/**
 * Why a new account waits in the staff queue (docs/decisions/026-walls-reports-moderation.md):
 * `suspended_host`, made from a host a currently suspended account signed in from lately.
 */
export const ACCOUNT_FLAG_REASONS = ['suspended_host'] as const;
export type AccountFlagReason = (typeof ACCOUNT_FLAG_REASONS)[number];

/** How far back a suspended account's sign-ins count as "from this host". */
export const SUSPENDED_HOST_DAYS = 30;
