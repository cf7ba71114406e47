CREATE TABLE "http_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"etag" text NOT NULL,
	"body" jsonb NOT NULL,
	"headers" jsonb NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
