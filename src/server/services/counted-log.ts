import { sql } from 'drizzle-orm';
import { artworkLogs } from '../db/schema.ts';

/**
 * A log that counts: never held (for review or for its photo), or released. Every count of
 * finds, finders and reports reads this one predicate.
 */
export const countedLog = sql`(${artworkLogs.reviewStatus} is null or ${artworkLogs.reviewStatus} = 'approved')`;
