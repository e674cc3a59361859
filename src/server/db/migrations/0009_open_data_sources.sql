-- Where imported artworks and walls come from (docs/decisions/023-open-data-connectors.md).
-- Every statement can run again on a database that already has them and changes nothing.
ALTER TABLE "artworks" ADD COLUMN IF NOT EXISTS "year" integer;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN IF NOT EXISTS "address" text;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN IF NOT EXISTS "source_id" text;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN IF NOT EXISTS "source_record_id" text;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN IF NOT EXISTS "source_url" text;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN IF NOT EXISTS "licence" text;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN IF NOT EXISTS "attribution" text;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN IF NOT EXISTS "not_in_source_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN IF NOT EXISTS "low_precision" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "source_id" text;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "source_record_id" text;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "source_url" text;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "licence" text;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "attribution" text;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "not_in_source_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "low_precision" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "artworks_source_record_idx" ON "artworks" USING btree ("source_id","source_record_id") WHERE "artworks"."source_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "legal_walls_source_record_idx" ON "legal_walls" USING btree ("source_id","source_record_id") WHERE "legal_walls"."source_id" is not null;