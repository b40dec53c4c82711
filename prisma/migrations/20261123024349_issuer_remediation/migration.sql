-- CreateTable
CREATE TABLE "issuer_remediations" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "action_type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'freeze_requested',
    "issuer" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "contract" TEXT,
    "functions" JSONB NOT NULL,
    "holdings" JSONB NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "destination_wallet_certificate_id" TEXT,
    "packet" JSONB NOT NULL,
    "contents" JSONB NOT NULL,
    "readiness" JSONB NOT NULL,
    "review_required" BOOLEAN NOT NULL,
    "review_reasons" JSONB NOT NULL DEFAULT '[]',
    "history" JSONB NOT NULL DEFAULT '[]',
    "latest_export" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "issuer_remediations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "destination_wallet_certificates" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "wallet_address" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "custodian" TEXT NOT NULL,
    "signer_model" TEXT NOT NULL,
    "allowed_assets" JSONB NOT NULL,
    "sanctions_screen_complete" BOOLEAN NOT NULL,
    "screen_status" TEXT NOT NULL,
    "screen_matches" JSONB NOT NULL,
    "screened_at" TIMESTAMPTZ(3) NOT NULL,
    "approval_status" TEXT NOT NULL DEFAULT 'pending',
    "decided_by" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "decision_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "destination_wallet_certificates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "issuer_remediations_org_id_env_id_idx" ON "issuer_remediations"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "issuer_remediations_matter_id_id_idx" ON "issuer_remediations"("matter_id", "id");

-- CreateIndex
CREATE INDEX "destination_wallet_certificates_org_id_env_id_idx" ON "destination_wallet_certificates"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "destination_wallet_certificates_matter_id_approval_status_i_idx" ON "destination_wallet_certificates"("matter_id", "approval_status", "id");
