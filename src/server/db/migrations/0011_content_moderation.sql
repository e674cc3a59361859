-- Walls players keep honest, content reports and what moderation hides
-- (docs/decisions/026-walls-reports-moderation.md).
-- Every statement can run again on a database that already has them and changes nothing.
CREATE TABLE IF NOT EXISTS "content_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"reporter_id" text CONSTRAINT "content_reports_reporter_id_users_id_fk" REFERENCES "public"."users"("id") ON DELETE set null,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "content_reports_target_check" CHECK ("content_reports"."target_type" in ('discovery', 'artwork', 'artwork_log', 'forum_post', 'wall', 'profile', 'gallery_art')),
	CONSTRAINT "content_reports_reason_check" CHECK ("content_reports"."reason" in ('abusive', 'sexual', 'personal_info', 'spam', 'not_street_art', 'copyright', 'other'))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "wall_confirmations" (
	"id" text PRIMARY KEY NOT NULL,
	"wall_id" text NOT NULL CONSTRAINT "wall_confirmations_wall_id_legal_walls_id_fk" REFERENCES "public"."legal_walls"("id") ON DELETE cascade,
	"user_id" text NOT NULL CONSTRAINT "wall_confirmations_user_id_users_id_fk" REFERENCES "public"."users"("id") ON DELETE cascade,
	"painted_on" date NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "wall_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"wall_id" text NOT NULL CONSTRAINT "wall_reports_wall_id_legal_walls_id_fk" REFERENCES "public"."legal_walls"("id") ON DELETE cascade,
	"user_id" text NOT NULL CONSTRAINT "wall_reports_user_id_users_id_fk" REFERENCES "public"."users"("id") ON DELETE cascade,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "wall_reports_reason_check" CHECK ("wall_reports"."reason" in ('closed', 'not_legal', 'private_property', 'gone'))
);
--> statement-breakpoint
ALTER TABLE "artwork_logs" ADD COLUMN IF NOT EXISTS "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN IF NOT EXISTS "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discoveries" ADD COLUMN IF NOT EXISTS "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN IF NOT EXISTS "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "status" text DEFAULT 'verified' NOT NULL CONSTRAINT "legal_walls_status_check" CHECK ("status" in ('unverified', 'verified', 'disputed', 'closed'));--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "proposed_by_id" text CONSTRAINT "legal_walls_proposed_by_id_users_id_fk" REFERENCES "public"."users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "image_url" text;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "permit_rules" text;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "last_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "listed_year" integer;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN IF NOT EXISTS "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile_artworks" ADD COLUMN IF NOT EXISTS "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "profile_hidden_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "content_reports_once_idx" ON "content_reports" USING btree ("reporter_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_reports_open_idx" ON "content_reports" USING btree ("target_type","target_id") WHERE "content_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_reports_created_idx" ON "content_reports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "wall_confirmations_once_idx" ON "wall_confirmations" USING btree ("wall_id","user_id","painted_on");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wall_confirmations_wall_idx" ON "wall_confirmations" USING btree ("wall_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wall_confirmations_user_idx" ON "wall_confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "wall_reports_open_idx" ON "wall_reports" USING btree ("wall_id","user_id") WHERE "wall_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wall_reports_user_idx" ON "wall_reports" USING btree ("user_id");
