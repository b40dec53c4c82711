-- CreateTable
CREATE TABLE "packets" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "judgment_id" TEXT,
    "type" TEXT NOT NULL,
    "packet_type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "authorized_sender" JSONB NOT NULL,
    "sender_user_id" TEXT NOT NULL,
    "legal_authority_id" TEXT NOT NULL,
    "wallets" JSONB NOT NULL DEFAULT '[]',
    "recipient" JSONB,
    "contents" JSONB NOT NULL,
    "readiness" JSONB NOT NULL,
    "review_state" JSONB NOT NULL,
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "notes" TEXT,
    "latest_export_id" TEXT,
    "audit" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "packets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "exports" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "object_type" TEXT NOT NULL,
    "object_id" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "redaction_profile" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "sha256" TEXT,
    "size_bytes" INTEGER,
    "content" BYTEA,
    "content_type" TEXT,
    "filename" TEXT,
    "audit_id" TEXT NOT NULL,
    "requested_by" JSONB NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "locked_by" TEXT,
    "error" TEXT,
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "packets_org_id_env_id_idx" ON "packets"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "packets_org_id_env_status_id_idx" ON "packets"("org_id", "env", "status", "id");

-- CreateIndex
CREATE INDEX "packets_org_id_env_type_id_idx" ON "packets"("org_id", "env", "type", "id");

-- CreateIndex
CREATE INDEX "packets_matter_id_id_idx" ON "packets"("matter_id", "id");

-- CreateIndex
CREATE INDEX "exports_status_next_attempt_at_idx" ON "exports"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "exports_object_id_id_idx" ON "exports"("object_id", "id");
