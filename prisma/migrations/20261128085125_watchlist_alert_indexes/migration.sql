-- CreateIndex
CREATE INDEX "alerts_watchlist_id_id_idx" ON "alerts"("watchlist_id", "id");

-- CreateIndex
CREATE INDEX "alerts_watchlist_id_status_id_idx" ON "alerts"("watchlist_id", "status", "id");
