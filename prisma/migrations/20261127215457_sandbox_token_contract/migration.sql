-- AlterTable
ALTER TABLE "sandbox_transfers" ADD COLUMN     "token_contract" TEXT;

-- Rows written before contracts were recorded: a registry ticker takes its canonical (issuer's
-- own) contract, as a new transfer without token_contract does (data/tokens/PROVENANCE.md).
UPDATE "sandbox_transfers" t SET "token_contract" = c.contract
FROM (VALUES
  ('arbitrum', 'USDC', '0xaf88d065e77c8cc2239327c5edb3a432268e5831'),
  ('arbitrum', 'USDC.E', '0xff970a61a04b1ca14834a43f5de4533ebddb5cc8'),
  ('arbitrum', 'USDT', '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9'),
  ('avalanche', 'USDC', '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e'),
  ('base', 'USDC', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'),
  ('bsc', 'FDUSD', '0xc5f0f7b66764f6ec8c8dff7ba683102295e16409'),
  ('bsc', 'USDC', '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d'),
  ('bsc', 'USDT', '0x55d398326f99059ff775485246999027b3197955'),
  ('ethereum', 'DAI', '0x6b175474e89094c44da98b954eedeac495271d0f'),
  ('ethereum', 'FDUSD', '0xc5f0f7b66764f6ec8c8dff7ba683102295e16409'),
  ('ethereum', 'PYUSD', '0x6c3ea9036406852006290770bedfcaba0e23a0e8'),
  ('ethereum', 'TUSD', '0x0000000000085d4780b73119b644ae5ecd22b376'),
  ('ethereum', 'USDC', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'),
  ('ethereum', 'USDE', '0x4c9edd5852cd905f086c759e8383e09bff1e68b3'),
  ('ethereum', 'USDP', '0x8e870d67f660d95d5be530380d0ec0bd388289e1'),
  ('ethereum', 'USDS', '0xdc035d45d973e3ec169d2276ddab16f1e407384f'),
  ('ethereum', 'USDT', '0xdac17f958d2ee523a2206206994597c13d831ec7'),
  ('optimism', 'USDC', '0x0b2c639c533813f4aa9d7837caf62653d097ff85'),
  ('polygon', 'USDC', '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359'),
  ('polygon', 'USDC.E', '0x2791bca1f2de4661ed88a30c99a7a9449aa84174'),
  ('polygon', 'USDT', '0xc2132d05d31c914a87c6611c10748aeb04b58e8f'),
  ('solana', 'PYUSD', '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo'),
  ('solana', 'USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
  ('solana', 'USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'),
  ('tron', 'USDC', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8'),
  ('tron', 'USDT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')
) AS c(network, ticker, contract)
WHERE t."token_contract" IS NULL AND t."network" = c.network AND upper(t."asset") = c.ticker;
