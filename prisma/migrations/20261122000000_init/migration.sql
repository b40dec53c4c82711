-- CreateTable
CREATE TABLE "audit_chains" (
    "chain_key" TEXT NOT NULL,
    "seq" INTEGER NOT NULL DEFAULT 0,
    "head_hash" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "audit_chains_pkey" PRIMARY KEY ("chain_key")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" TEXT COLLATE "C" NOT NULL,
    "chain_key" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT,
    "event_type" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "actor_key_id" TEXT,
    "actor_user_id" TEXT,
    "object_type" TEXT NOT NULL,
    "object_id" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "details" JSONB NOT NULL,
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "events" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT,
    "type" TEXT NOT NULL,
    "api_version" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "request_id" TEXT,
    "idempotency_key" TEXT,
    "audit_ref" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatched_at" TIMESTAMPTZ(3),

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "matters" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "lead_counsel" TEXT,
    "economics" JSONB NOT NULL DEFAULT '{}',
    "notes" TEXT,
    "retention_policy" TEXT,
    "closed_reason" TEXT,
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "matters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "authority_grants" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "basis" TEXT NOT NULL,
    "granted_by" TEXT NOT NULL,
    "holder_user_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'granted',
    "effective_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "source_refs" JSONB NOT NULL,
    "notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "authority_grants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "claimants" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "economics" JSONB NOT NULL DEFAULT '{}',
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "review_state" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "claimants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organizations" (
    "id" TEXT COLLATE "C" NOT NULL,
    "parent_id" TEXT,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "retention_policy" TEXT,
    "features" TEXT[],
    "pinned_version" TEXT NOT NULL DEFAULT '2026-06-11',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "name" TEXT,
    "prefix" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "matter_ids" TEXT[],
    "user_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "expires_at" TIMESTAMPTZ(3),
    "rolled_to" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "roles" TEXT[],
    "matter_ids" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'invited',
    "password_hash" TEXT,
    "invite_token_hash" TEXT,
    "invite_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "idem_key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "response_status" INTEGER NOT NULL,
    "response_body" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("org_id","env","key_id","idem_key")
);

-- CreateTable
CREATE TABLE "rate_limit_buckets" (
    "bucket_key" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("bucket_key","window_start")
);

-- CreateIndex
CREATE INDEX "audit_events_matter_id_id_idx" ON "audit_events"("matter_id", "id");

-- CreateIndex
CREATE INDEX "audit_events_matter_id_object_type_object_id_id_idx" ON "audit_events"("matter_id", "object_type", "object_id", "id");

-- CreateIndex
CREATE INDEX "audit_events_matter_id_event_type_id_idx" ON "audit_events"("matter_id", "event_type", "id");

-- CreateIndex
CREATE INDEX "audit_events_matter_id_actor_id_id_idx" ON "audit_events"("matter_id", "actor_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "audit_events_chain_key_seq_key" ON "audit_events"("chain_key", "seq");

-- CreateIndex
CREATE INDEX "events_org_id_env_id_idx" ON "events"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "events_dispatched_at_id_idx" ON "events"("dispatched_at", "id");

-- CreateIndex
CREATE INDEX "matters_org_id_env_id_idx" ON "matters"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "matters_org_id_env_status_id_idx" ON "matters"("org_id", "env", "status", "id");

-- CreateIndex
CREATE INDEX "authority_grants_matter_id_id_idx" ON "authority_grants"("matter_id", "id");

-- CreateIndex
CREATE INDEX "claimants_matter_id_id_idx" ON "claimants"("matter_id", "id");

-- CreateIndex
CREATE INDEX "organizations_parent_id_id_idx" ON "organizations"("parent_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys"("secret_hash");

-- CreateIndex
CREATE INDEX "api_keys_org_id_id_idx" ON "api_keys"("org_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_invite_token_hash_key" ON "users"("invite_token_hash");

-- CreateIndex
CREATE INDEX "users_org_id_id_idx" ON "users"("org_id", "id");

-- CreateIndex
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records"("expires_at");

-- CreateIndex
CREATE INDEX "rate_limit_buckets_window_start_idx" ON "rate_limit_buckets"("window_start");
