CREATE TABLE "pull_request_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pull_request_id" uuid NOT NULL,
	"review_id" text NOT NULL,
	"state" text NOT NULL,
	"author_login" text,
	"author_avatar_url" text,
	"author_is_bot" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pull_request_syncs" (
	"forge" text DEFAULT 'github' NOT NULL,
	"repo_key" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"watermark" timestamp with time zone,
	"status" text NOT NULL,
	"last_synced_at" timestamp with time zone,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" jsonb,
	"pr_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pull_request_syncs_forge_repo_key_scope_pk" PRIMARY KEY("forge","repo_key","scope")
);
--> statement-breakpoint
CREATE TABLE "pull_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"forge" text DEFAULT 'github' NOT NULL,
	"repo_key" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"number" integer NOT NULL,
	"node_id" text NOT NULL,
	"title" text NOT NULL,
	"state" text NOT NULL,
	"draft" boolean DEFAULT false NOT NULL,
	"author_login" text,
	"author_avatar_url" text,
	"author_is_bot" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"merged_at" timestamp with time zone,
	"additions" integer DEFAULT 0 NOT NULL,
	"deletions" integer DEFAULT 0 NOT NULL,
	"changed_files" integer DEFAULT 0 NOT NULL,
	"head_ref" text NOT NULL,
	"head_sha" text NOT NULL,
	"base_ref" text NOT NULL,
	"url" text NOT NULL,
	"first_commit_at" timestamp with time zone,
	"comments" integer DEFAULT 0 NOT NULL,
	"review_requests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pull_request_reviews" ADD CONSTRAINT "pull_request_reviews_pull_request_id_pull_requests_id_fk" FOREIGN KEY ("pull_request_id") REFERENCES "public"."pull_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pull_request_reviews_pr_review_unique" ON "pull_request_reviews" USING btree ("pull_request_id","review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pull_requests_repo_number_unique" ON "pull_requests" USING btree ("forge","repo_key","scope","number");--> statement-breakpoint
CREATE INDEX "pull_requests_list_idx" ON "pull_requests" USING btree ("forge","repo_key","scope","state","updated_at");