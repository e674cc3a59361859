-- Before this index simultaneous proofs could leave a player with several wallets. The player
-- keeps the one the profile showed (the earliest linked); the others are unlinked.
DELETE FROM "wallet_links" AS "later"
WHERE EXISTS (
  SELECT 1 FROM "wallet_links" AS "earlier"
  WHERE "earlier"."user_id" = "later"."user_id"
    AND ("earlier"."linked_at", "earlier"."address") < ("later"."linked_at", "later"."address")
);--> statement-breakpoint
DROP INDEX IF EXISTS "wallet_links_user_idx";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "wallet_links_user_idx" ON "wallet_links" USING btree ("user_id");
