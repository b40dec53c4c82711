-- CreateTable
CREATE TABLE "api_key_usage" (
    "key_id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "last_used_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "api_key_usage_pkey" PRIMARY KEY ("key_id")
);

-- CreateTable
CREATE TABLE "request_logs" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "key_id" TEXT,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "duration_ms" DOUBLE PRECISION NOT NULL,
    "audit_ref" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "request_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "request_logs_org_id_env_id_idx" ON "request_logs"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "request_logs_created_at_idx" ON "request_logs"("created_at");
