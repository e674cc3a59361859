CREATE TABLE "artist_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"artist_id" text NOT NULL,
	"user_id" text NOT NULL,
	"evidence_kind" text NOT NULL,
	"evidence_url" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_claims_kind_check" CHECK ("artist_claims"."evidence_kind" in ('link', 'photo')),
	CONSTRAINT "artist_claims_status_check" CHECK ("artist_claims"."status" in ('pending', 'verified', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "artist_credit_votes" (
	"credit_id" text NOT NULL,
	"user_id" text NOT NULL,
	"vote" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_credit_votes_credit_id_user_id_pk" PRIMARY KEY("credit_id","user_id"),
	CONSTRAINT "artist_credit_votes_vote_check" CHECK ("artist_credit_votes"."vote" in ('confirm', 'dispute'))
);
--> statement-breakpoint
CREATE TABLE "artist_credits" (
	"id" text PRIMARY KEY NOT NULL,
	"artwork_id" text NOT NULL,
	"artist_id" text NOT NULL,
	"proposed_by_id" text,
	"status" text DEFAULT 'proposed' NOT NULL,
	"settled_by_artist_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_credits_status_check" CHECK ("artist_credits"."status" in ('proposed', 'confirmed', 'disputed', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "artist_claims" ADD CONSTRAINT "artist_claims_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_claims" ADD CONSTRAINT "artist_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_claims" ADD CONSTRAINT "artist_claims_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_credit_votes" ADD CONSTRAINT "artist_credit_votes_credit_id_artist_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."artist_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_credit_votes" ADD CONSTRAINT "artist_credit_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_credits" ADD CONSTRAINT "artist_credits_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_credits" ADD CONSTRAINT "artist_credits_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_credits" ADD CONSTRAINT "artist_credits_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artist_claims_verified_artist_idx" ON "artist_claims" USING btree ("artist_id") WHERE "artist_claims"."status" = 'verified';--> statement-breakpoint
CREATE UNIQUE INDEX "artist_claims_verified_user_idx" ON "artist_claims" USING btree ("user_id") WHERE "artist_claims"."status" = 'verified';--> statement-breakpoint
CREATE UNIQUE INDEX "artist_claims_pending_idx" ON "artist_claims" USING btree ("artist_id","user_id") WHERE "artist_claims"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "artist_claims_status_idx" ON "artist_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "artist_credit_votes_user_idx" ON "artist_credit_votes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "artist_credits_once_idx" ON "artist_credits" USING btree ("artwork_id","artist_id");--> statement-breakpoint
CREATE INDEX "artist_credits_artist_idx" ON "artist_credits" USING btree ("artist_id","status");--> statement-breakpoint
CREATE INDEX "artist_credits_proposer_idx" ON "artist_credits" USING btree ("proposed_by_id");