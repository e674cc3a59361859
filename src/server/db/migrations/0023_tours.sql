CREATE TABLE "tour_stops" (
	"tour_id" text NOT NULL,
	"position" integer NOT NULL,
	"artwork_id" text,
	"wall_id" text,
	CONSTRAINT "tour_stops_tour_id_position_pk" PRIMARY KEY("tour_id","position"),
	CONSTRAINT "tour_stops_one_place_check" CHECK (num_nonnulls("tour_stops"."artwork_id", "tour_stops"."wall_id") = 1),
	CONSTRAINT "tour_stops_position_check" CHECK ("tour_stops"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_reports" DROP CONSTRAINT "content_reports_target_check";--> statement-breakpoint
ALTER TABLE "tour_stops" ADD CONSTRAINT "tour_stops_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD CONSTRAINT "tour_stops_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD CONSTRAINT "tour_stops_wall_id_legal_walls_id_fk" FOREIGN KEY ("wall_id") REFERENCES "public"."legal_walls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tour_stops_artwork_once_idx" ON "tour_stops" USING btree ("tour_id","artwork_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_stops_wall_once_idx" ON "tour_stops" USING btree ("tour_id","wall_id");--> statement-breakpoint
CREATE INDEX "tour_stops_artwork_idx" ON "tour_stops" USING btree ("artwork_id");--> statement-breakpoint
CREATE INDEX "tour_stops_wall_idx" ON "tour_stops" USING btree ("wall_id");--> statement-breakpoint
CREATE INDEX "tours_city_idx" ON "tours" USING btree (lower(regexp_replace(normalize("city", NFD), '[\u0300-\u036f]', '', 'g')));--> statement-breakpoint
CREATE INDEX "tours_author_idx" ON "tours" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_target_check" CHECK ("content_reports"."target_type" in ('discovery', 'artwork', 'artwork_log', 'forum_post', 'wall', 'profile', 'gallery_art', 'tour'));