ALTER TABLE "objects" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "thumb_size" integer;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "photo_hash" bigint;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD COLUMN "completed_at" timestamp with time zone;