ALTER TABLE "projects" ADD COLUMN "publish_reviews" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "published_review_id" bigint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "published_event" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "publish_fallback" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "publish_error_code" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "publish_error_message" text;