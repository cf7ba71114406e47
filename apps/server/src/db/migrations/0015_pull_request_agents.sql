ALTER TABLE "pull_requests" ADD COLUMN "ready_for_review_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pull_requests" ADD COLUMN "agent_coauthors" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Forget how far every pull-request sync got, so the next sync of each repository reads all its
-- pull requests again and fills the two new columns (stored rows keep null / '{}' until then).
-- Without a watermark the sync reads in full even when GitHub's probe answers 304 (sync.ts).
UPDATE "pull_request_syncs" SET "watermark" = NULL;