CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"forge" text NOT NULL,
	"delivery_id" text NOT NULL,
	"event" text NOT NULL,
	"repository" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('received', 'processed', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_forge_delivery_unique" ON "webhook_deliveries" USING btree ("forge","delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("received_at") WHERE "webhook_deliveries"."status" = 'received';