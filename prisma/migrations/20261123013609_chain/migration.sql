-- CreateTable
CREATE TABLE "sandbox_transfers" (
    "seq" BIGSERIAL NOT NULL,
    "transaction_hash" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "from_address" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_transfers_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "crypto_asset_maps" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "crypto_asset_maps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attribution_wallets" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "address_key" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "confidence" DECIMAL(6,2),
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "attribution_wallets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attribution_claims" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "predicate" TEXT NOT NULL,
    "object" TEXT NOT NULL,
    "source_type" TEXT NOT NULL,
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "basis" JSONB NOT NULL DEFAULT '[]',
    "confidence" DECIMAL(6,2) NOT NULL,
    "score" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attribution_claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attribution_graphs" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attribution_graphs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "network_attributions" (
    "id" TEXT COLLATE "C" NOT NULL,
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "network_attributions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_transfers_transaction_hash_key" ON "sandbox_transfers"("transaction_hash");

-- CreateIndex
CREATE INDEX "sandbox_transfers_org_id_env_network_from_address_timestamp_idx" ON "sandbox_transfers"("org_id", "env", "network", "from_address", "timestamp");

-- CreateIndex
CREATE INDEX "sandbox_transfers_org_id_env_network_to_address_timestamp_idx" ON "sandbox_transfers"("org_id", "env", "network", "to_address", "timestamp");

-- CreateIndex
CREATE INDEX "crypto_asset_maps_matter_id_id_idx" ON "crypto_asset_maps"("matter_id", "id");

-- CreateIndex
CREATE INDEX "attribution_wallets_org_id_env_id_idx" ON "attribution_wallets"("org_id", "env", "id");

-- CreateIndex
CREATE UNIQUE INDEX "attribution_wallets_matter_id_network_address_key_key" ON "attribution_wallets"("matter_id", "network", "address_key");

-- CreateIndex
CREATE INDEX "attribution_claims_matter_id_id_idx" ON "attribution_claims"("matter_id", "id");

-- CreateIndex
CREATE INDEX "attribution_claims_org_id_env_id_idx" ON "attribution_claims"("org_id", "env", "id");

-- CreateIndex
CREATE INDEX "attribution_graphs_matter_id_id_idx" ON "attribution_graphs"("matter_id", "id");

-- CreateIndex
CREATE INDEX "network_attributions_matter_id_kind_id_idx" ON "network_attributions"("matter_id", "kind", "id");
