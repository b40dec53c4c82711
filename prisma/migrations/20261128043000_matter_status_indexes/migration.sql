-- CreateIndex
CREATE INDEX "actions_matter_id_status_id_idx" ON "actions"("matter_id", "status", "id");

-- CreateIndex
CREATE INDEX "actions_matter_id_due_at_id_idx" ON "actions"("matter_id", "due_at", "id");

-- CreateIndex
CREATE INDEX "alerts_matter_id_status_id_idx" ON "alerts"("matter_id", "status", "id");

-- CreateIndex
CREATE INDEX "packets_matter_id_status_id_idx" ON "packets"("matter_id", "status", "id");
