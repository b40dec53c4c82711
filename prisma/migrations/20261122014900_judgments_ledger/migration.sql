-- CreateTable
CREATE TABLE "judgments" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'standard',
    "court" TEXT NOT NULL,
    "case_number" TEXT NOT NULL,
    "jurisdiction" TEXT NOT NULL,
    "date_entered" DATE NOT NULL,
    "creditor" TEXT NOT NULL,
    "debtor" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'intake',
    "appeal_stay_status" TEXT NOT NULL DEFAULT 'none',
    "bankruptcy_status" TEXT NOT NULL DEFAULT 'none',
    "renewal_deadline" DATE,
    "consumer_debt" BOOLEAN,
    "interest_rate_pct" DECIMAL(12,6),
    "interest_rate_basis" TEXT,
    "review_state" JSONB NOT NULL,
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "enforcement_profile" TEXT,
    "pressure_level" INTEGER,
    "profile_notes" TEXT,
    "stayed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "judgments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judgment_validations" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "judgment_id" TEXT NOT NULL,
    "enforcement_ready" BOOLEAN NOT NULL,
    "review_required" BOOLEAN NOT NULL,
    "missing_items" JSONB NOT NULL,
    "gates" JSONB NOT NULL,
    "inputs" JSONB NOT NULL,
    "review_reasons" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judgment_validations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judgment_deadlines" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "judgment_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "date" DATE,
    "window_opens" DATE,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "legal_basis" TEXT,
    "source" TEXT NOT NULL,
    "owner" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "review_required" BOOLEAN NOT NULL,
    "review_reasons" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "judgment_deadlines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "enforcement_plans" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "judgment_id" TEXT NOT NULL,
    "profile" TEXT NOT NULL,
    "pressure_level" INTEGER NOT NULL,
    "review_required" BOOLEAN NOT NULL,
    "plan" JSONB NOT NULL,
    "inputs" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "enforcement_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "judgment_id" TEXT,
    "claimant_id" TEXT,
    "type" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "currency" TEXT NOT NULL,
    "valuation_time" TIMESTAMPTZ(3),
    "description" TEXT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "judgments_org_id_env_id_idx" ON "judgments"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "judgments_org_id_env_status_id_idx" ON "judgments"("org_id", "env", "status", "id");

-- CreateIndex
CREATE INDEX "judgments_matter_id_id_idx" ON "judgments"("matter_id", "id");

-- CreateIndex
CREATE INDEX "judgment_validations_judgment_id_id_idx" ON "judgment_validations"("judgment_id", "id");

-- CreateIndex
CREATE INDEX "judgment_deadlines_judgment_id_id_idx" ON "judgment_deadlines"("judgment_id", "id");

-- CreateIndex
CREATE INDEX "judgment_deadlines_judgment_id_status_id_idx" ON "judgment_deadlines"("judgment_id", "status", "id");

-- CreateIndex
CREATE INDEX "enforcement_plans_judgment_id_id_idx" ON "enforcement_plans"("judgment_id", "id");

-- CreateIndex
CREATE INDEX "ledger_entries_org_id_env_id_idx" ON "ledger_entries"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "ledger_entries_matter_id_id_idx" ON "ledger_entries"("matter_id", "id");
