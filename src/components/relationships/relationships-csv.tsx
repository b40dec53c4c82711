'use client';

import { CsvButton } from '../list/csv-download';
import { CSV_PAGE } from '../list/csv-pages';

/** "Export CSV" of the whole relationship registry (the server page has no filters to pass). */
export function RelationshipsCsv() {
  return (
    <CsvButton
      list="relationships"
      header={['Relationship ID', 'Counterparty', 'Counterparty type', 'Channel', 'Packet types', 'Risk', 'Notes']}
      source={{
        fetchPage: (client, cursor) => client.relationships.list.query({ limit: CSV_PAGE, starting_after: cursor }),
        cursorOf: (x) => x.relationship_id,
        toRow: (x) => [
          x.relationship_id,
          x.counterparty_name,
          x.counterparty_type,
          x.channel_type,
          x.packet_types_supported.join(' '),
          x.risk_level,
          x.notes,
        ],
      }}
    />
  );
}
