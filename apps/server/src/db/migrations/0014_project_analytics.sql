CREATE TABLE "project_analytics" (
	"project_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"authors" text NOT NULL,
	"data" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"stale" boolean DEFAULT false NOT NULL,
	CONSTRAINT "project_analytics_project_id_days_authors_pk" PRIMARY KEY("project_id","days","authors")
);
--> statement-breakpoint
ALTER TABLE "project_analytics" ADD CONSTRAINT "project_analytics_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;