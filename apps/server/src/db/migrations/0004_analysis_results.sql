CREATE TABLE "analysis_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repo_url" text NOT NULL,
	"kind" text NOT NULL,
	"revision" text NOT NULL,
	"commit_sha" text,
	"analyzer_version" text NOT NULL,
	"result" jsonb NOT NULL,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_results_key_unique" ON "analysis_results" USING btree ("repo_url","kind","revision","analyzer_version");--> statement-breakpoint
CREATE INDEX "analysis_results_latest_idx" ON "analysis_results" USING btree ("repo_url","kind","created_at");