CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"forge" text DEFAULT 'github' NOT NULL,
	"repo_key" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"number" integer NOT NULL,
	"head_sha" text NOT NULL,
	"config_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"skipped_reason" text,
	"reason" text,
	"engine" text DEFAULT 'rules' NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coverage" jsonb,
	"trigger" text NOT NULL,
	"requested_by" uuid,
	"reader_id" uuid,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_pr_head_config_unique" ON "reviews" USING btree ("forge","repo_key","scope","number","head_sha","config_key");--> statement-breakpoint
CREATE INDEX "reviews_repo_created_idx" ON "reviews" USING btree ("forge","repo_key","created_at");--> statement-breakpoint
CREATE INDEX "reviews_open_idx" ON "reviews" USING btree ("forge","repo_key","scope","number") WHERE "reviews"."outcome" is null;