-- CreateTable
CREATE TABLE "sanctions_screens" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "matches" JSONB NOT NULL,
    "subjects" JSONB NOT NULL,
    "datasets" JSONB NOT NULL,
    "review_reasons" JSONB NOT NULL DEFAULT '[]',
    "source" TEXT NOT NULL DEFAULT 'screen',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sanctions_screens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sanctions_reviews" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "screen_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'in_review',
    "matches" JSONB NOT NULL,
    "blocked_property_analysis" TEXT NOT NULL,
    "ofac_report_required" BOOLEAN NOT NULL DEFAULT false,
    "decision" TEXT,
    "decision_reason" TEXT,
    "decided_by" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "review_state" JSONB NOT NULL,
    "notes" TEXT,
    "packet" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sanctions_reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ofac_reports" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "review_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'drafting',
    "report_type" TEXT NOT NULL,
    "counsel_owner" TEXT NOT NULL,
    "blocked_at" TIMESTAMPTZ(3) NOT NULL,
    "due_date" DATE NOT NULL,
    "review_required" BOOLEAN NOT NULL DEFAULT false,
    "review_reasons" JSONB NOT NULL DEFAULT '[]',
    "submitted_by" TEXT,
    "submitted_at" TIMESTAMPTZ(3),
    "acknowledged_at" TIMESTAMPTZ(3),
    "history" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ofac_reports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sanctions_screens_org_id_env_id_idx" ON "sanctions_screens"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "sanctions_screens_matter_id_id_idx" ON "sanctions_screens"("matter_id", "id");

-- CreateIndex
CREATE INDEX "sanctions_reviews_org_id_env_id_idx" ON "sanctions_reviews"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "sanctions_reviews_org_id_env_status_id_idx" ON "sanctions_reviews"("org_id", "env", "status", "id");

-- CreateIndex
CREATE INDEX "sanctions_reviews_matter_id_id_idx" ON "sanctions_reviews"("matter_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "sanctions_reviews_screen_id_key" ON "sanctions_reviews"("screen_id");

-- CreateIndex
CREATE INDEX "ofac_reports_org_id_env_id_idx" ON "ofac_reports"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "ofac_reports_matter_id_id_idx" ON "ofac_reports"("matter_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ofac_reports_review_id_key" ON "ofac_reports"("review_id");
