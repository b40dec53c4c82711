-- AlterTable: the facts enforcement law turns on (claim nature, debtor type, assignment of
-- record) and the supplied-rate history (each rate with the day it took effect).
ALTER TABLE "judgments" ADD COLUMN "claim_nature" TEXT,
ADD COLUMN "debtor_type" TEXT,
ADD COLUMN "assignment_status" TEXT NOT NULL DEFAULT 'none',
ADD COLUMN "interest_rate_history" JSONB NOT NULL DEFAULT '[]';
