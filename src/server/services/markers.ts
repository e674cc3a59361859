import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { EmojiPin } from '../../core/schemas/common.ts';
import type { CreateMarkerSchema, Marker } from '../../core/schemas/markers.ts';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { markers } from '../db/schema.ts';
import { notFound } from '../errors.ts';

/** A player sees at most this many of their markers, newest first. */
export const MARKERS_LISTED = 500;

type MarkerRow = typeof markers.$inferSelect;

function toMarkerDto(row: MarkerRow): Marker {
  return {
    id: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    emojiPin: row.emojiPin as EmojiPin,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Markers are private: every read and delete is scoped to their owner. */
export async function createMarker(
  db: Db,
  userId: string,
  body: z.output<typeof CreateMarkerSchema>,
): Promise<Marker> {
  const [row] = await db
    .insert(markers)
    .values({ id: randomUUID(), userId, ...body })
    .returning();
  if (!row) throw new Error('marker insert returned no row');
  return toMarkerDto(row);
}

export async function listMarkers(db: Db, userId: string): Promise<Marker[]> {
  const rows = await db
    .select()
    .from(markers)
    .where(eq(markers.userId, userId))
    .orderBy(desc(markers.createdAt), desc(markers.id))
    .limit(MARKERS_LISTED);
  return rows.map(toMarkerDto);
}

/** Another player's marker answers exactly like a missing one: its existence is not revealed. */
export async function deleteMarker(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(markers)
    .where(and(eq(markers.id, id), eq(markers.userId, userId)))
    .returning({ id: markers.id });
  if (deleted.length === 0) throw notFound('Marker not found');
}
