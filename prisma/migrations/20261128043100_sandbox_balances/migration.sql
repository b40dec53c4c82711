-- CreateTable
CREATE TABLE "sandbox_balances" (
    "org_id" TEXT NOT NULL,
    "env" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "contract_key" TEXT NOT NULL,
    "amount" DECIMAL(78,18) NOT NULL,

    CONSTRAINT "sandbox_balances_pkey" PRIMARY KEY ("org_id","env","network","address","asset","contract_key")
);

-- Kept by the inserting statement itself (a statement trigger over its new rows): each row adds
-- its amount to the payee's balance and takes it from the payer's, so a balance is always the sum
-- one aggregate over the address's transfers gives (same numeric addition, scale 18).
CREATE FUNCTION md_sandbox_balances_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sandbox_balances" AS b ("org_id", "env", "network", "address", "asset", "contract_key", "amount")
  SELECT org_id, env, network, address, asset, contract_key, sum(amount)
  FROM (
    SELECT org_id, env, network, to_address AS address, asset, coalesce(token_contract, '') AS contract_key, amount FROM new_rows
    UNION ALL
    SELECT org_id, env, network, from_address, asset, coalesce(token_contract, ''), -amount FROM new_rows
  ) d
  GROUP BY org_id, env, network, address, asset, contract_key
  ON CONFLICT ("org_id", "env", "network", "address", "asset", "contract_key")
  DO UPDATE SET "amount" = b."amount" + excluded."amount";
  RETURN NULL;
END $$;

CREATE TRIGGER sandbox_transfers_balances AFTER INSERT ON "sandbox_transfers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION md_sandbox_balances_add();

-- The transfers already recorded.
INSERT INTO "sandbox_balances" ("org_id", "env", "network", "address", "asset", "contract_key", "amount")
SELECT org_id, env, network, address, asset, contract_key, sum(amount)
FROM (
  SELECT org_id, env, network, to_address AS address, asset, coalesce(token_contract, '') AS contract_key, amount FROM "sandbox_transfers"
  UNION ALL
  SELECT org_id, env, network, from_address, asset, coalesce(token_contract, ''), -amount FROM "sandbox_transfers"
) d
GROUP BY org_id, env, network, address, asset, contract_key;
