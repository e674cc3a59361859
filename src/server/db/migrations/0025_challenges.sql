CREATE TABLE "area_week_results" (
	"area_id" text NOT NULL,
	"week" date NOT NULL,
	"user_id" text NOT NULL,
	"finds" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "area_week_results_area_id_week_user_id_pk" PRIMARY KEY("area_id","week","user_id")
);
--> statement-breakpoint
CREATE TABLE "area_weeks_closed" (
	"area_id" text NOT NULL,
	"week" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "area_weeks_closed_area_id_week_pk" PRIMARY KEY("area_id","week")
);
--> statement-breakpoint
CREATE TABLE "challenge_areas" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_km" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_areas_radius_check" CHECK ("challenge_areas"."radius_km" between 0.2 and 50)
);
--> statement-breakpoint
CREATE TABLE "challenge_completions" (
	"challenge_id" text NOT NULL,
	"week" date NOT NULL,
	"user_id" text NOT NULL,
	"tokens" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_completions_challenge_id_week_user_id_pk" PRIMARY KEY("challenge_id","week","user_id")
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"area_id" text NOT NULL,
	"kind" text NOT NULL,
	"goal" integer NOT NULL,
	"reward_tokens" integer NOT NULL,
	"first_week" date NOT NULL,
	"last_week" date,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_kind_check" CHECK ("challenges"."kind" in ('find', 'confirm')),
	CONSTRAINT "challenges_goal_check" CHECK ("challenges"."goal" between 1 and 100),
	CONSTRAINT "challenges_reward_check" CHECK ("challenges"."reward_tokens" between 0 and 1000),
	CONSTRAINT "challenges_weeks_check" CHECK (extract(isodow from "challenges"."first_week") = 1 and ("challenges"."last_week" is null
        or (extract(isodow from "challenges"."last_week") = 1 and "challenges"."last_week" >= "challenges"."first_week")))
);
--> statement-breakpoint
CREATE TABLE "player_privacy" (
	"user_id" text PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_m" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_privacy_radius_check" CHECK ("player_privacy"."radius_m" between 100 and 2000),
	CONSTRAINT "player_privacy_point_check" CHECK ("player_privacy"."latitude" between -90 and 90 and "player_privacy"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "area_week_results" ADD CONSTRAINT "area_week_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_week_results" ADD CONSTRAINT "area_week_results_week_fk" FOREIGN KEY ("area_id","week") REFERENCES "public"."area_weeks_closed"("area_id","week") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_weeks_closed" ADD CONSTRAINT "area_weeks_closed_area_id_challenge_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."challenge_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_completions" ADD CONSTRAINT "challenge_completions_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_completions" ADD CONSTRAINT "challenge_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_area_id_challenge_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."challenge_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_privacy" ADD CONSTRAINT "player_privacy_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "area_week_results_rank_idx" ON "area_week_results" USING btree ("area_id","week","finds" DESC NULLS LAST,"reached_at");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_areas_name_idx" ON "challenge_areas" USING btree (lower("name"),lower("city"));--> statement-breakpoint
CREATE INDEX "challenge_completions_user_idx" ON "challenge_completions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "challenges_area_idx" ON "challenges" USING btree ("area_id");