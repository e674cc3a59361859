CREATE TABLE "artist_videos" (
	"id" text PRIMARY KEY NOT NULL,
	"artist_id" text NOT NULL,
	"artwork_id" text,
	"provider" text NOT NULL,
	"video_id" text NOT NULL,
	"added_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_videos_provider_check" CHECK ("artist_videos"."provider" in ('youtube', 'vimeo'))
);
--> statement-breakpoint
ALTER TABLE "artist_videos" ADD CONSTRAINT "artist_videos_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_videos" ADD CONSTRAINT "artist_videos_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_videos" ADD CONSTRAINT "artist_videos_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artist_videos_profile_idx" ON "artist_videos" USING btree ("artist_id") WHERE "artist_videos"."artwork_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "artist_videos_piece_idx" ON "artist_videos" USING btree ("artwork_id") WHERE "artist_videos"."artwork_id" is not null;--> statement-breakpoint
CREATE INDEX "artist_videos_added_by_idx" ON "artist_videos" USING btree ("added_by_id");