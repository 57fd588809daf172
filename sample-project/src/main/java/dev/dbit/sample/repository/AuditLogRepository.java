package dev.dbit.sample.repository;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** Reads the audit log that database triggers write. */
public final class AuditLogRepository {

  /** One audit entry. */
  public record Entry(String entityType, long entityId, String action, String detail) {}

  public List<Entry> forEntity(Connection c, String entityType, long entityId) throws SQLException {
    return Jdbc.list(
        c,
        "SELECT entity_type, entity_id, action, detail FROM audit_log WHERE entity_type = ? AND entity_id = ? ORDER BY id",
        row -> new Entry(row.getString(1), row.getLong(2), row.getString(3), row.getString(4)),
        entityType,
        entityId);
  }
}
