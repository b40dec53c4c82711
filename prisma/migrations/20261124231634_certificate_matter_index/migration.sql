-- CreateIndex
CREATE INDEX "destination_wallet_certificates_matter_id_id_idx" ON "destination_wallet_certificates"("matter_id", "id");
