CREATE TABLE "repo_mirrors" (
	"url" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"default_branch" text,
	"size_bytes" bigint,
	"last_fetched_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
