import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, users } from './schema.ts';

/** The states of a resumable upload (docs/decisions/047-resumable-uploads.md). */
export const MULTIPART_STATES = ['open', 'completing', 'completed', 'aborted'] as const;

/**
 * A resumable (multipart) photo upload: whose it is, which staged object it becomes and the
 * store's own upload id, so a reload can resume it and the sweep can abort an abandoned one.
 */
export const multipartUploads = pgTable(
  'multipart_uploads',
  {
    /** The uploadId the client names it by; the store's id stays on the server. */
    id: text('id').primaryKey(),
    // Kept (set null) when the account goes, so the sweep still finds the parts to delete.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    objectId: text('object_id').notNull().unique(),
    maxBytes: integer('max_bytes').notNull(),
    storeUploadId: text('store_upload_id').notNull(),
    /** Signs the local store's part URLs; never leaves the server. */
    partSecret: text('part_secret').notNull(),
    state: text('state', { enum: MULTIPART_STATES }).notNull().default('open'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('multipart_uploads_created_idx').on(t.createdAt),
    check(
      'multipart_uploads_state_check',
      sql`${t.state} in ('open', 'completing', 'completed', 'aborted')`,
    ),
  ],
);
