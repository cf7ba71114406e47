CREATE TABLE "github_repo_snapshots" (
	"forge" text DEFAULT 'github' NOT NULL,
	"repo_key" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"data" jsonb,
	"fetched_at" timestamp with time zone,
	"error" jsonb,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "github_repo_snapshots_forge_repo_key_scope_pk" PRIMARY KEY("forge","repo_key","scope")
);
--> statement-breakpoint
CREATE TABLE "watched_repos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"forge" text DEFAULT 'github' NOT NULL,
	"owner" text NOT NULL,
	"repo" text NOT NULL,
	"repo_key" text NOT NULL,
	"html_url" text NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watched_repos" ADD CONSTRAINT "watched_repos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watched_repos_user_key_unique" ON "watched_repos" USING btree ("user_id","forge","repo_key");