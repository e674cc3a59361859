CREATE TABLE "multipart_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"purpose" text NOT NULL,
	"object_id" text NOT NULL,
	"max_bytes" integer NOT NULL,
	"store_upload_id" text NOT NULL,
	"part_secret" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "multipart_uploads_object_id_unique" UNIQUE("object_id"),
	CONSTRAINT "multipart_uploads_state_check" CHECK ("multipart_uploads"."state" in ('open', 'completing', 'completed', 'aborted'))
);
--> statement-breakpoint
ALTER TABLE "multipart_uploads" ADD CONSTRAINT "multipart_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "multipart_uploads_created_idx" ON "multipart_uploads" USING btree ("created_at");