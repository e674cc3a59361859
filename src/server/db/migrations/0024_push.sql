CREATE TABLE "push_queue" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"inbox_item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_topics" (
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_topics_user_id_topic_pk" PRIMARY KEY("user_id","topic"),
	CONSTRAINT "push_topics_topic_check" CHECK ("push_topics"."topic" in ('piece_found', 'find_reviewed', 'wall_proposal', 'report_decided', 'piece_gone', 'near_you'))
);
--> statement-breakpoint
ALTER TABLE "inbox_items" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "push_queue" ADD CONSTRAINT "push_queue_inbox_item_id_inbox_items_id_fk" FOREIGN KEY ("inbox_item_id") REFERENCES "public"."inbox_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_topics" ADD CONSTRAINT "push_topics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inbox_items_gone_idx" ON "inbox_items" USING btree ("artwork_id","created_at") WHERE "inbox_items"."kind" = 'piece_gone';