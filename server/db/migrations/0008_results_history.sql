ALTER TABLE "analyses" ADD COLUMN "watch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "fees" double precision;--> statement-breakpoint
CREATE INDEX "analyses_user_symbol_idx" ON "analyses" USING btree ("user_id","symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_user_analysis_idx" ON "journal_entries" USING btree ("user_id","analysis_id");--> statement-breakpoint
-- Analyses stored before the flag: a setup to watch is in the result JSON (issue 20).
UPDATE "analyses" SET "watch" = true WHERE jsonb_typeof("result"->'setupToWatch') = 'object' AND "trade_recommended" = false;
