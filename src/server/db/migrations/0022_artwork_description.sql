ALTER TABLE "artworks" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Pieces made before this column keep the words their first finder wrote with the find.
UPDATE "artworks" a SET "description" = d."description"
FROM (
	SELECT DISTINCT ON (d."artwork_id") d."artwork_id", d."description"
	FROM "discoveries" d
	JOIN "artworks" w ON w."id" = d."artwork_id" AND w."first_finder_id" = d."user_id"
	WHERE d."description" <> ''
	ORDER BY d."artwork_id", d."created_at"
) d
WHERE a."id" = d."artwork_id";
