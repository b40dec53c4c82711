-- CreateTable
CREATE TABLE "watchlists" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "chains" TEXT[],
    "thresholds" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "watchlists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "watchlist_addresses" (
    "watchlist_id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "display" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watchlist_addresses_pkey" PRIMARY KEY ("watchlist_id","network","address")
);

-- CreateTable
CREATE TABLE "watch_cursors" (
    "watchlist_id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "position" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watch_cursors_pkey" PRIMARY KEY ("watchlist_id","network")
);

-- CreateTable
CREATE TABLE "monitor_passes" (
    "name" TEXT NOT NULL,
    "next_run_at" TIMESTAMPTZ(3) NOT NULL,
    "last_run_at" TIMESTAMPTZ(3),

    CONSTRAINT "monitor_passes_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "alerts" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "watchlist_id" TEXT,
    "type" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'new',
    "target" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "evidence" JSONB NOT NULL,
    "linked_action_id" TEXT,
    "linked_packet_id" TEXT,
    "triaged_by" TEXT,
    "triaged_at" TIMESTAMPTZ(3),
    "notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "watchlists_org_id_env_id_idx" ON "watchlists"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "watchlists_matter_id_id_idx" ON "watchlists"("matter_id", "id");

-- CreateIndex
CREATE INDEX "watchlist_addresses_org_id_env_network_address_idx" ON "watchlist_addresses"("org_id", "env", "network", "address");

-- CreateIndex
CREATE INDEX "alerts_org_id_env_id_idx" ON "alerts"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "alerts_org_id_env_status_id_idx" ON "alerts"("org_id", "env", "status", "id");

-- CreateIndex
CREATE INDEX "alerts_matter_id_id_idx" ON "alerts"("matter_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "alerts_org_id_env_matter_id_rule_subject_key" ON "alerts"("org_id", "env", "matter_id", "rule", "subject");
