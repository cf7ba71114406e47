CREATE TABLE "job_handles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"project_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_handles" ADD CONSTRAINT "job_handles_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_handles" ADD CONSTRAINT "job_handles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_handles" ADD CONSTRAINT "job_handles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_handles_live_unique" ON "job_handles" USING btree ("job_id","owner_id",coalesce("project_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "job_handles"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "job_handles_owner_idx" ON "job_handles" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "job_handles_job_idx" ON "job_handles" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_handles_project_idx" ON "job_handles" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Hand-written backfill: every job that had an owner becomes that owner's handle, with the job's
-- own id as the handle id, so job ids already held by clients keep answering.
INSERT INTO "job_handles" ("id", "job_id", "owner_id", "project_id", "created_at")
SELECT "id", "id", "owner_id", "project_id", "created_at" FROM "jobs" WHERE "owner_id" IS NOT NULL;
