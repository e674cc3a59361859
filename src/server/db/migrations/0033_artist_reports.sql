ALTER TABLE "content_reports" DROP CONSTRAINT "content_reports_target_check";--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "artist_credits" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_target_check" CHECK ("content_reports"."target_type" in ('discovery', 'artwork', 'artwork_log', 'forum_post', 'wall', 'profile', 'gallery_art', 'tour', 'artist', 'artist_claim', 'artist_credit'));