-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "enabled_events" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'enabled',
    "secret_ciphertext" TEXT,
    "disabled_reason" TEXT,
    "failing_since" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "endpoint_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "response_status" INTEGER,
    "duration_ms" INTEGER,
    "error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(3),
    "locked_until" TIMESTAMPTZ(3),
    "locked_by" TEXT,
    "attempted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_settings" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_settings_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "webhook_endpoints_org_id_env_id_idx" ON "webhook_endpoints"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_id_idx" ON "webhook_deliveries"("endpoint_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_id_idx" ON "webhook_deliveries"("event_id", "id");
