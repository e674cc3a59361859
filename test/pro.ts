import type { Db } from '../src/server/db/client.ts';
import { subscriptions } from '../src/server/db/payments-schema.ts';

/** A month of Pro for the player, as an active subscription leaves it. */
export async function giveProMonth(db: Db, userId: string): Promise<void> {
  await db.insert(subscriptions).values({
    userId,
    status: 'active',
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
  });
}
