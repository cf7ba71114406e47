CREATE TABLE "agreement_breaches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_id" uuid NOT NULL,
	"pull_request_id" uuid NOT NULL,
	"breached_at" timestamp with time zone NOT NULL,
	"notified" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"threshold" integer,
	"enabled" boolean DEFAULT false NOT NULL,
	"include_bots" boolean DEFAULT false NOT NULL,
	"include_agents" boolean DEFAULT false NOT NULL,
	"enabled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_working_times" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"weekdays" integer[] NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_breaches" ADD CONSTRAINT "agreement_breaches_agreement_id_project_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."project_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_breaches" ADD CONSTRAINT "agreement_breaches_pull_request_id_pull_requests_id_fk" FOREIGN KEY ("pull_request_id") REFERENCES "public"."pull_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_agreements" ADD CONSTRAINT "project_agreements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_working_times" ADD CONSTRAINT "project_working_times_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_breaches_agreement_pr_unique" ON "agreement_breaches" USING btree ("agreement_id","pull_request_id");--> statement-breakpoint
CREATE INDEX "agreement_breaches_pr_idx" ON "agreement_breaches" USING btree ("pull_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_agreements_project_kind_unique" ON "project_agreements" USING btree ("project_id","kind");