CREATE TABLE "near_you_notices" (
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"period" text NOT NULL,
	"about" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "near_you_notices_user_id_topic_period_pk" PRIMARY KEY("user_id","topic","period"),
	CONSTRAINT "near_you_notices_topic_check" CHECK ("near_you_notices"."topic" in ('challenge', 'quest'))
);
--> statement-breakpoint
ALTER TABLE "near_you_notices" ADD CONSTRAINT "near_you_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "near_you_notices_about_idx" ON "near_you_notices" USING btree ("user_id","topic","about");--> statement-breakpoint
CREATE INDEX "quest_answers_held_visit_idx" ON "quest_answers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "quest_answers"."status" = 'held' and "quest_answers"."kind" = 'visit_wall';