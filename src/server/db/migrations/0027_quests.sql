CREATE TABLE "artist_suggestions" (
	"id" text PRIMARY KEY NOT NULL,
	"artwork_id" text NOT NULL,
	"user_id" text NOT NULL,
	"artist_name" text NOT NULL,
	"artwork_log_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quest_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"period" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" double precision NOT NULL,
	"image_url" text NOT NULL,
	"artwork_log_id" text,
	"wall_confirmation_id" text,
	"status" text NOT NULL,
	"flag_reason" text,
	"tokens_awarded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quest_answers_kind_check" CHECK ("quest_answers"."kind" in ('still_there', 'needs_photo', 'visit_wall', 'who_painted')),
	CONSTRAINT "quest_answers_status_check" CHECK ("quest_answers"."status" in ('paid', 'held', 'void'))
);
--> statement-breakpoint
ALTER TABLE "artist_suggestions" ADD CONSTRAINT "artist_suggestions_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_suggestions" ADD CONSTRAINT "artist_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_suggestions" ADD CONSTRAINT "artist_suggestions_artwork_log_id_artwork_logs_id_fk" FOREIGN KEY ("artwork_log_id") REFERENCES "public"."artwork_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_answers" ADD CONSTRAINT "quest_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_answers" ADD CONSTRAINT "quest_answers_artwork_log_id_artwork_logs_id_fk" FOREIGN KEY ("artwork_log_id") REFERENCES "public"."artwork_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_answers" ADD CONSTRAINT "quest_answers_wall_confirmation_id_wall_confirmations_id_fk" FOREIGN KEY ("wall_confirmation_id") REFERENCES "public"."wall_confirmations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artist_suggestions_artwork_idx" ON "artist_suggestions" USING btree ("artwork_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "quest_answers_once_idx" ON "quest_answers" USING btree ("user_id","target_id","kind","period");--> statement-breakpoint
CREATE UNIQUE INDEX "quest_answers_image_idx" ON "quest_answers" USING btree ("image_url");--> statement-breakpoint
CREATE INDEX "quest_answers_log_idx" ON "quest_answers" USING btree ("artwork_log_id") WHERE "quest_answers"."artwork_log_id" is not null;