/**
 * An embedded store file as versions before data protection wrote it (schema version 0): images,
 * trackString, result, names and metadata in clear. The DDL is that version's, frozen here; the
 * rows are written with the driver directly, as that version's store did.
 */
import sqlite3 from 'node-sqlite3-wasm';

const LEGACY_DDL = `
CREATE TABLE IF NOT EXISTS requests (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  document_type INTEGER NOT NULL,
  status INTEGER NOT NULL,
  track_string TEXT,
  verify_face INTEGER NOT NULL,
  images_deleted INTEGER NOT NULL,
  created INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  finished_at INTEGER,
  claimed_at INTEGER,
  result TEXT,
  failure_code TEXT,
  failure_message TEXT,
  front_image BLOB,
  back_image BLOB,
  face_image BLOB
);
CREATE INDEX IF NOT EXISTS requests_pending_by_deadline ON requests (expires_at) WHERE status = 0;
CREATE INDEX IF NOT EXISTS requests_finished_with_images ON requests (finished_at)
  WHERE status <> 0 AND images_deleted = 0;
CREATE TABLE IF NOT EXISTS validation_requests (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  location TEXT NOT NULL,
  first_name TEXT,
  last_name TEXT,
  phone TEXT,
  email TEXT,
  metadata TEXT NOT NULL,
  opened_link_times INTEGER NOT NULL,
  created_utc INTEGER NOT NULL,
  completed INTEGER NOT NULL,
  status INTEGER NOT NULL,
  last_response_id TEXT,
  success_response_id TEXT,
  attempts_used INTEGER NOT NULL,
  document_expired INTEGER
);
CREATE INDEX IF NOT EXISTS validation_requests_listing
  ON validation_requests (account_id, location, created_utc DESC, id DESC);
CREATE TABLE IF NOT EXISTS validation_metadata (
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  request_id TEXT NOT NULL REFERENCES validation_requests (id) ON DELETE CASCADE,
  PRIMARY KEY (key, value, request_id)
) WITHOUT ROWID;
`;

export interface LegacyContent {
  requestId: string;
  invitationId: string;
  front: Buffer;
  familyName: string;
  email: string;
}

/** Writes `file` with one finished request and one invitation, in clear. */
export function writeLegacyFile(file: string, content: LegacyContent): void {
  const db = new sqlite3.Database(file);
  try {
    db.exec(LEGACY_DDL);
    db.run('INSERT INTO requests VALUES (?, ?, 1, 1, ?, 1, 0, ?, ?, ?, NULL, ?, NULL, NULL, ?, NULL, NULL)', [
      content.requestId, 'account-a', Buffer.from('@ANSI 636000').toString('base64'), 1, 2, 3,
      JSON.stringify({ document: { familyName: content.familyName } }), content.front,
    ]);
    db.run('INSERT INTO validation_requests VALUES (?, ?, ?, ?, ?, NULL, ?, ?, 0, 5, 0, 0, NULL, NULL, 0, NULL)', [
      content.invitationId, 'account-a', 'north', 'Ada', content.familyName, content.email, JSON.stringify({ case: '42' }),
    ]);
    db.run('INSERT INTO validation_metadata VALUES (?, ?, ?)', ['case', '42', content.invitationId]);
  } finally {
    db.close();
  }
}
