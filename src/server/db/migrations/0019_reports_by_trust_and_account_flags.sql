-- Reports weighted by trust and new accounts flagged for staff (docs/decisions/026):
-- content_reports.from_established records whether the reporter was established when reporting;
-- sign_in_hosts keeps keyed hashes of the hosts accounts sign in from (install_secrets holds the
-- key); account_flags queues accounts made from a suspended account's host.
CREATE TABLE "install_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_hosts" (
	"host_key" text NOT NULL,
	"user_id" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_hosts_host_key_user_id_pk" PRIMARY KEY("host_key","user_id")
);
--> statement-breakpoint
CREATE TABLE "account_flags" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"related_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "account_flags_reason_check" CHECK ("account_flags"."reason" in ('suspended_host'))
);
--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "from_established" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_hosts" ADD CONSTRAINT "sign_in_hosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_flags" ADD CONSTRAINT "account_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_flags" ADD CONSTRAINT "account_flags_related_user_id_users_id_fk" FOREIGN KEY ("related_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_hosts_user_idx" ON "sign_in_hosts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_hosts_seen_idx" ON "sign_in_hosts" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "account_flags_open_idx" ON "account_flags" USING btree ("created_at") WHERE "account_flags"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "account_flags_user_idx" ON "account_flags" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_flags_related_idx" ON "account_flags" USING btree ("related_user_id");