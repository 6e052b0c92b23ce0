DROP INDEX "login_codes_user_id_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "login_codes_user_id_idx" ON "login_codes" USING btree ("user_id");