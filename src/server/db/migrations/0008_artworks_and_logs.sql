-- Artworks and their logs (docs/decisions/021-artworks-and-logs.md). Every statement can run
-- again on a database that already has them and changes nothing the second time.
CREATE TABLE IF NOT EXISTS "artworks" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"artist_name" text,
	"emoji_pin" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"status" text DEFAULT 'present' NOT NULL,
	"first_finder_id" text CONSTRAINT "artworks_first_finder_id_users_id_fk" REFERENCES "public"."users"("id") ON DELETE set null,
	"cover_image_url" text,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"painted_over_by_id" text CONSTRAINT "artworks_painted_over_by_id_artworks_id_fk" REFERENCES "public"."artworks"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discoveries" ADD COLUMN IF NOT EXISTS "artwork_id" text CONSTRAINT "discoveries_artwork_id_artworks_id_fk" REFERENCES "public"."artworks"("id") ON DELETE cascade;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "artwork_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"artwork_id" text NOT NULL CONSTRAINT "artwork_logs_artwork_id_artworks_id_fk" REFERENCES "public"."artworks"("id") ON DELETE cascade,
	"user_id" text NOT NULL CONSTRAINT "artwork_logs_user_id_users_id_fk" REFERENCES "public"."users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"discovery_id" text CONSTRAINT "artwork_logs_discovery_id_discoveries_id_fk" REFERENCES "public"."discoveries"("id") ON DELETE cascade,
	"image_url" text,
	"perceptual_hash" bigint,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"painted_over_by_id" text CONSTRAINT "artwork_logs_painted_over_by_id_artworks_id_fk" REFERENCES "public"."artworks"("id") ON DELETE set null,
	"log_day" date NOT NULL,
	"tokens_awarded" integer DEFAULT 0 NOT NULL,
	"flag_reason" text,
	"review_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN IF NOT EXISTS "perceptual_hash" bigint;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN IF NOT EXISTS "gps_latitude" double precision;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN IF NOT EXISTS "gps_longitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "first_finds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "artwork_logs_daily_idx" ON "artwork_logs" USING btree ("artwork_id","user_id","kind","log_day");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "artwork_logs_artwork_idx" ON "artwork_logs" USING btree ("artwork_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "artwork_logs_user_idx" ON "artwork_logs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "artwork_logs_review_idx" ON "artwork_logs" USING btree ("created_at") WHERE "artwork_logs"."review_status" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "artworks_lat_lng_idx" ON "artworks" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "artworks_last_seen_idx" ON "artworks" USING btree ("last_seen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "discoveries_artwork_idx" ON "discoveries" USING btree ("artwork_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Each discovery made before artworks existed becomes an artwork of its own (same id), found
-- first by its author, with the discovery as its first found log.
INSERT INTO "artworks" ("id", "title", "artist_name", "emoji_pin", "latitude", "longitude",
  "first_finder_id", "cover_image_url", "last_seen_at", "created_at")
SELECT "id", "name", "artist_name", "emoji_pin", "latitude", "longitude",
  "user_id", "image_url", "created_at", "created_at"
FROM "discoveries" WHERE "artwork_id" IS NULL
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
UPDATE "discoveries" SET "artwork_id" = "id" WHERE "artwork_id" IS NULL;--> statement-breakpoint
INSERT INTO "artwork_logs" ("id", "artwork_id", "user_id", "kind", "discovery_id", "image_url",
  "latitude", "longitude", "log_day", "tokens_awarded", "created_at")
SELECT 'found-' || "d"."id", "d"."artwork_id", "d"."user_id", 'found', "d"."id", "d"."image_url",
  "d"."latitude", "d"."longitude", ("d"."created_at" AT TIME ZONE 'UTC')::date,
  "d"."tokens_awarded", "d"."created_at"
FROM "discoveries" "d"
WHERE NOT EXISTS (SELECT 1 FROM "artwork_logs" "l" WHERE "l"."discovery_id" = "d"."id")
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "users" SET "first_finds" = "counted"."n"
FROM (SELECT "first_finder_id" AS "user_id", count(*)::int AS "n" FROM "artworks"
      WHERE "first_finder_id" IS NOT NULL GROUP BY "first_finder_id") AS "counted"
WHERE "users"."id" = "counted"."user_id" AND "users"."first_finds" <> "counted"."n";
