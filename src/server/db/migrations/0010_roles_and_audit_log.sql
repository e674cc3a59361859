-- Roles and the moderation audit log (docs/decisions/025-roles-and-audit-log.md).
-- Every statement can run again on a database that already has them and changes nothing.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "role" text DEFAULT 'player' NOT NULL CONSTRAINT "users_role_check" CHECK ("role" in ('player', 'moderator', 'admin'));--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "moderation_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text CONSTRAINT "moderation_actions_actor_id_users_id_fk" REFERENCES "public"."users"("id") ON DELETE set null,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "moderation_actions_target_idx" ON "moderation_actions" USING btree ("target_type","target_id");
