// Seals a schema-0 (clear) store in one transaction, so a crash leaves the old tables or the new,
// never a mix; secure_delete zeroes the dropped pages.
import type sqlite3 from 'node-sqlite3-wasm';
import type { RecordCipher } from '../data-protection/record-cipher.js';
import { bytes, SCHEMA, SCHEMA_VERSION, textOrNull, type Row } from './sqlite-schema.js';
import { insertInto } from './sqlite-sealed-rows.js';

const LEGACY_INDEXES = ['requests_pending_by_deadline', 'requests_finished_with_images', 'validation_requests_listing'];

/** Its requests table has no data key column. */
export function isClearSchema(db: sqlite3.Database): boolean {
  const columns = db.all("SELECT name FROM pragma_table_info('requests')").map((row) => String(row.name));
  return columns.length > 0 && !columns.includes('data_key');
}

export function sealClearSchema(db: sqlite3.Database, cipher: RecordCipher): { requests: number; validationRequests: number } {
  for (const index of LEGACY_INDEXES) db.exec(`DROP INDEX IF EXISTS ${index}`);
  db.exec('ALTER TABLE validation_metadata RENAME TO legacy_validation_metadata');
  db.exec('ALTER TABLE validation_requests RENAME TO legacy_validation_requests');
  db.exec('ALTER TABLE requests RENAME TO legacy_requests');
  db.exec(SCHEMA);

  const requests = db.all('SELECT * FROM legacy_requests');
  for (const row of requests) db.run(...insertInto('requests', sealedRequestRow(cipher, row)));
  const invitations = db.all('SELECT * FROM legacy_validation_requests');
  for (const row of invitations) {
    const id = String(row.id);
    const metadata = JSON.parse(String(row.metadata)) as Record<string, string>;
    const sealed = cipher.sealPersonal(id, {
      firstName: textOrNull(row.first_name), lastName: textOrNull(row.last_name),
      phone: textOrNull(row.phone), email: textOrNull(row.email), metadata,
    });
    const { first_name: _f, last_name: _l, phone: _p, email: _e, metadata: _m, ...kept } = row;
    db.run(...insertInto('validation_requests', { ...(kept as Record<string, string | number | null>), erased_at: null, data_key: sealed.dataKey, personal: sealed.personal }));
    for (const tag of cipher.metadataTags(metadata)) {
      db.run('INSERT OR IGNORE INTO validation_metadata (tag, request_id) VALUES (?, ?)', [tag, id]);
    }
  }
  db.exec('DROP TABLE legacy_validation_metadata');
  db.exec('DROP TABLE legacy_validation_requests');
  db.exec('DROP TABLE legacy_requests');
  db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
  return { requests: requests.length, validationRequests: invitations.length };
}

function sealedRequestRow(cipher: RecordCipher, row: Row): Record<string, string | number | null | Uint8Array> {
  const id = String(row.id);
  const sealed = cipher.sealRequest(id, {
    frontImage: bytes(row.front_image), backImage: bytes(row.back_image), faceImage: bytes(row.face_image),
    trackString: textOrNull(row.track_string),
    result: row.result === null ? null : (JSON.parse(String(row.result)) as Record<string, unknown>),
    failureMessage: textOrNull(row.failure_message),
  });
  const keep = (name: string): string | number | null => row[name] as string | number | null;
  return {
    id, account_id: keep('account_id'), document_type: keep('document_type'), status: keep('status'),
    verify_face: keep('verify_face'), images_deleted: keep('images_deleted'), created: keep('created'),
    expires_at: keep('expires_at'), finished_at: keep('finished_at'), claimed_at: keep('claimed_at'),
    failure_code: keep('failure_code'), onboarding_id: null, erased_at: null,
    data_key: sealed.dataKey, failure_message: sealed.failureMessage, track_string: sealed.trackString, result: sealed.result,
    front_image: sealed.frontImage, back_image: sealed.backImage, face_image: sealed.faceImage,
  };
}
