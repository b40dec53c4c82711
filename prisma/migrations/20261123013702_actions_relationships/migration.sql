-- CreateTable
CREATE TABLE "actions" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "campaign_id" TEXT,
    "plan_step" INTEGER,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "owner_id" TEXT,
    "priority" TEXT NOT NULL DEFAULT 'normal',
    "status" TEXT NOT NULL DEFAULT 'open',
    "due_at" TIMESTAMPTZ(3),
    "linked_packet_id" TEXT,
    "linked_alert_id" TEXT,
    "requirements" JSONB NOT NULL DEFAULT '[]',
    "completion_notes" TEXT,
    "evidence_refs" JSONB NOT NULL DEFAULT '[]',
    "completed_at" TIMESTAMPTZ(3),
    "completed_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "actions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "counterparties" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "normalized_name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "counterparties_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "relationships" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "counterparty_id" TEXT NOT NULL,
    "channel_type" TEXT NOT NULL,
    "usable_by_operator" BOOLEAN NOT NULL,
    "usable_by_counsel" BOOLEAN NOT NULL,
    "usable_by_law_enforcement" BOOLEAN NOT NULL,
    "authorized_submitter_required" BOOLEAN NOT NULL,
    "packet_types_supported" TEXT[],
    "risk_level" TEXT NOT NULL DEFAULT 'medium',
    "notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "relationships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_logs" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "relationship_id" TEXT NOT NULL,
    "counterparty_id" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "authorized_sender" TEXT NOT NULL,
    "contact_type" TEXT NOT NULL,
    "packet_id" TEXT,
    "outcome" TEXT NOT NULL,
    "notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "actions_org_id_env_id_idx" ON "actions"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "actions_org_id_env_owner_id_id_idx" ON "actions"("org_id", "env", "owner_id", "id");

-- CreateIndex
CREATE INDEX "actions_org_id_env_campaign_id_id_idx" ON "actions"("org_id", "env", "campaign_id", "id");

-- CreateIndex
CREATE INDEX "actions_org_id_env_status_id_idx" ON "actions"("org_id", "env", "status", "id");

-- CreateIndex
CREATE INDEX "actions_org_id_env_due_at_id_idx" ON "actions"("org_id", "env", "due_at", "id");

-- CreateIndex
CREATE INDEX "actions_matter_id_id_idx" ON "actions"("matter_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "actions_org_id_env_campaign_id_plan_step_key" ON "actions"("org_id", "env", "campaign_id", "plan_step");

-- CreateIndex
CREATE INDEX "counterparties_org_id_env_id_idx" ON "counterparties"("org_id", "env", "id");

-- CreateIndex
CREATE UNIQUE INDEX "counterparties_org_id_env_type_normalized_name_key" ON "counterparties"("org_id", "env", "type", "normalized_name");

-- CreateIndex
CREATE INDEX "relationships_org_id_env_id_idx" ON "relationships"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "relationships_counterparty_id_id_idx" ON "relationships"("counterparty_id", "id");

-- CreateIndex
CREATE INDEX "contact_logs_relationship_id_id_idx" ON "contact_logs"("relationship_id", "id");

-- CreateIndex
CREATE INDEX "contact_logs_counterparty_id_id_idx" ON "contact_logs"("counterparty_id", "id");

-- CreateIndex
CREATE INDEX "contact_logs_matter_id_id_idx" ON "contact_logs"("matter_id", "id");

-- AddForeignKey
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_counterparty_id_fkey" FOREIGN KEY ("counterparty_id") REFERENCES "counterparties"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_logs" ADD CONSTRAINT "contact_logs_relationship_id_fkey" FOREIGN KEY ("relationship_id") REFERENCES "relationships"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
