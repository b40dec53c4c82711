-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_status_next_attempt_at_id_idx" ON "webhook_deliveries"("endpoint_id", "status", "next_attempt_at", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_locked_until_idx" ON "webhook_deliveries"("status", "locked_until");
