-- CreateTable
CREATE TABLE "reports" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ready',
    "audience" TEXT NOT NULL,
    "claimant_id" TEXT,
    "redaction_profile" TEXT NOT NULL,
    "sections" JSONB NOT NULL,
    "datasets" JSONB NOT NULL DEFAULT '[]',
    "addresses" JSONB NOT NULL DEFAULT '[]',
    "review_state" JSONB NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reports_org_id_env_id_idx" ON "reports"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "reports_matter_id_id_idx" ON "reports"("matter_id", "id");
