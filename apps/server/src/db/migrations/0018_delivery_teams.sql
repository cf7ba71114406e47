CREATE TABLE "delivery_syncs" (
	"repo_key" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"last_synced_at" timestamp with time zone,
	"error" text,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_syncs_repo_key_scope_source_pk" PRIMARY KEY("repo_key","scope","source")
);
--> statement-breakpoint
CREATE TABLE "deployment_commits" (
	"deployment_id" uuid NOT NULL,
	"sha" text NOT NULL,
	"authored_at" timestamp with time zone,
	"author_name" text,
	"subject" text,
	CONSTRAINT "deployment_commits_deployment_id_sha_pk" PRIMARY KEY("deployment_id","sha")
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repo_key" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"sha" text NOT NULL,
	"ref" text,
	"status" text NOT NULL,
	"deployed_at" timestamp with time zone NOT NULL,
	"url" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"repo_key" text,
	"scope" text DEFAULT '' NOT NULL,
	"project_id" uuid,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_delivery_settings" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"incident_label_pattern" text,
	"incident_token_hash" text,
	"incident_token_created_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repo_delivery_sources" (
	"project_id" uuid NOT NULL,
	"repo_id" uuid NOT NULL,
	"source" text NOT NULL,
	"pattern" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repo_delivery_sources_project_id_repo_id_pk" PRIMARY KEY("project_id","repo_id")
);
--> statement-breakpoint
CREATE TABLE "member_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_analytics" ADD COLUMN "period_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_analytics" DROP CONSTRAINT "project_analytics_project_id_days_authors_pk";--> statement-breakpoint
ALTER TABLE "project_analytics" ADD CONSTRAINT "project_analytics_project_id_days_period_key_authors_pk" PRIMARY KEY("project_id","days","period_key","authors");--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "pull_requests" ADD COLUMN "merge_commit_sha" text;--> statement-breakpoint
ALTER TABLE "deployment_commits" ADD CONSTRAINT "deployment_commits_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_delivery_settings" ADD CONSTRAINT "project_delivery_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repo_delivery_sources" ADD CONSTRAINT "repo_delivery_sources_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repo_delivery_sources" ADD CONSTRAINT "repo_delivery_sources_repo_id_project_repos_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."project_repos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_identities" ADD CONSTRAINT "member_identities_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_identities" ADD CONSTRAINT "member_identities_member_id_project_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."project_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_teams" ADD CONSTRAINT "project_teams_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deployment_commits_sha_idx" ON "deployment_commits" USING btree ("sha");--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_source_unique" ON "deployments" USING btree ("repo_key","scope","source","external_id");--> statement-breakpoint
CREATE INDEX "deployments_repo_time_idx" ON "deployments" USING btree ("repo_key","source","deployed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_issue_unique" ON "incidents" USING btree ("repo_key","scope","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_posted_unique" ON "incidents" USING btree ("project_id","external_id");--> statement-breakpoint
CREATE INDEX "incidents_started_idx" ON "incidents" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_identities_project_key_unique" ON "member_identities" USING btree ("project_id","kind","key");--> statement-breakpoint
CREATE INDEX "member_identities_member_idx" ON "member_identities" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_teams_project_name_unique" ON "project_teams" USING btree ("project_id","name");