ALTER TABLE "pull_requests" ADD COLUMN "ready_for_review_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pull_requests" ADD COLUMN "agent_coauthors" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Forget how far every pull-request sync got, so the next sync of each repository reads all its
-- pull requests again and fills the two new columns (stored rows keep null / '{}' until then).
UPDATE "pull_request_syncs" SET "watermark" = NULL;--> statement-breakpoint
-- And the cached answers of the sync's "anything changed?" probe (GET …/pulls): a 304 would skip
-- the sync as current. The cache only saves rate limit; the next look fetches afresh.
DELETE FROM "http_cache" WHERE "key" LIKE '%/pulls?%';
