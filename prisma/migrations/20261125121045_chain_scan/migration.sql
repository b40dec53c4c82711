-- CreateTable
CREATE TABLE "chain_scan_cursors" (
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "address_key" TEXT NOT NULL,
    "start_block" BIGINT NOT NULL,
    "next_block" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chain_scan_cursors_pkey" PRIMARY KEY ("org_id","env","network","address_key")
);

-- CreateTable
CREATE TABLE "chain_scan_transfers" (
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "transaction_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "from_address" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "contract" TEXT,
    "amount" DECIMAL(78,18) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chain_scan_transfers_pkey" PRIMARY KEY ("org_id","env","network","transaction_hash","log_index")
);

-- CreateIndex
CREATE INDEX "chain_scan_transfers_org_id_env_network_from_address_block__idx" ON "chain_scan_transfers"("org_id", "env", "network", "from_address", "block_number");

-- CreateIndex
CREATE INDEX "chain_scan_transfers_org_id_env_network_to_address_block_nu_idx" ON "chain_scan_transfers"("org_id", "env", "network", "to_address", "block_number");
