// One validation request: the invitation, and the outcome of its last attempt (the verdict and
// the checks it comes from, the document's fields read from the front beside those of the
// machine-readable part, with confidences, the face crops and the face score).
import { describeError } from './api.js';
import { el, personName, say, timeElement } from './dom.js';

/** The contract's document fields, in its order. */
const FIELDS = [
  'idType', 'country', 'abbrCountry', 'abbr3Country', 'id', 'dob', 'issued', 'expires',
  'fullName', 'privateName', 'familyName', 'city', 'state', 'zip', 'address', 'class',
  'gender', 'height', 'eyes', 'hair', 'weight', 'template', 'firstName', 'middleName',
];

/** documentVerificationResult.status names (docs/api.md). */
const VERDICTS = ['OK', 'ItsFake', 'Expired', 'LowConfidence'];

/** documentVerificationResult.checks names in plain words (docs/api.md, "Verdict and checks"). */
const CHECK_NAMES = {
  barcodeIntegrity: 'Barcode integrity',
  mrzCheckDigits: 'MRZ check digits',
  mrzTextMatch: 'MRZ text sent matches the image\'s',
  documentNumberMatch: 'Document number matches',
  dateOfBirthMatch: 'Date of birth matches',
  expiryDateMatch: 'Expiry date matches',
  familyNameMatch: 'Family name matches',
  firstNameMatch: 'First name matches',
  issueDateMatch: 'Issue date matches',
  sexMatch: 'Sex matches',
  notExpired: 'Not expired',
};

/** A check's result with a mark that does not rely on colour alone. */
const CHECK_RESULTS = {
  passed: '✓ Passed',
  failed: '✗ Failed',
  undetermined: '? Undetermined',
  notChecked: '– Not checked',
};

function yesNo(value) {
  if (value === null || value === undefined) return '—';
  return value ? 'yes' : 'no';
}

/** A confidence of the contract: -1 means no value or not checked. */
function confidence(value) {
  return typeof value === 'number' && value >= 0 ? String(Math.round(value)) : '—';
}

function definitions(pairs) {
  return el('dl', { className: 'facts' }, ...pairs.flatMap(([term, value]) => [el('dt', {}, term), el('dd', {}, value ?? '—')]));
}

function invitationFacts(item) {
  const metadata = Object.entries(item.metadata ?? {});
  return definitions([
    ['Status', el('span', { className: `status status-${item.status}` }, item.statusName)],
    ['Completed', yesNo(item.completed)],
    ['Created', timeElement(item.createdUtc)],
    ['E-mail', item.email],
    ['Phone', item.phone],
    ['Link opened', `${item.openedLinkTimes} ${item.openedLinkTimes === 1 ? 'time' : 'times'}`],
    ['Attempts', String(item.attemptsUsed)],
    ['Document expired', yesNo(item.documentExpired)],
    ['Metadata', metadata.length === 0 ? '—' : el('ul', { className: 'pairs' }, ...metadata.map(([k, v]) => el('li', {}, el('code', {}, k), ' = ', v)))],
    ['Request id', el('code', {}, item.validationRequestId)],
    ['Last response id', item.lastResponseId ? el('code', {}, item.lastResponseId) : null],
    ['Success response id', item.successResponseId ? el('code', {}, item.successResponseId) : null],
  ]);
}

/** Front (OCR) and machine-readable values side by side, only the fields either side holds. */
function fieldsTable(result) {
  const visual = result.visual ?? { document: {}, confidence: {} };
  const machine = result.machineReadable ?? { document: {}, confidence: {} };
  const agreement = result.documentVerificationResult?.verificationConfidence ?? {};
  const rows = FIELDS.filter((field) => visual.document?.[field] != null || machine.document?.[field] != null).map((field) =>
    el('tr', { dataset: { field } },
      el('th', { scope: 'row' }, field),
      el('td', { dataset: { label: 'Front' } }, visual.document?.[field] ?? '—'),
      el('td', { dataset: { label: 'Front conf.' }, className: 'number' }, confidence(visual.confidence?.[field])),
      el('td', { dataset: { label: 'Machine-readable' } }, machine.document?.[field] ?? '—'),
      el('td', { dataset: { label: 'MR conf.' }, className: 'number' }, confidence(machine.confidence?.[field])),
      el('td', { dataset: { label: 'Agreement' }, className: 'number' }, confidence(agreement[field])),
    ));
  return el('table', { className: 'fields cards' },
    el('thead', {}, el('tr', {}, ...['Field', 'Front', 'Conf.', 'Machine-readable', 'Conf.', 'Agreement'].map((name) => el('th', { scope: 'col' }, name)))),
    el('tbody', {}, ...rows));
}

/**
 * The checks the verdict comes from, in its order. A failed or undetermined check marks its whole
 * row: a verdict other than OK comes from those (or from a low total confidence), so staff look
 * for them first.
 */
function checksTable(checks) {
  if (checks.length === 0) return el('p', { className: 'muted' }, 'No checks reported.');
  const rows = checks.map((check) =>
    el('tr', { dataset: { check: check.name, result: check.result }, className: `check-${check.result}` },
      el('th', { scope: 'row' }, CHECK_NAMES[check.name] ?? check.name),
      el('td', { dataset: { label: 'Field' } }, check.field ? el('code', {}, check.field) : '—'),
      el('td', { dataset: { label: 'Result' } }, el('span', { className: `result result-${check.result}` }, CHECK_RESULTS[check.result] ?? check.result)),
      el('td', { dataset: { label: 'Front' } }, check.visual ?? '—'),
      el('td', { dataset: { label: 'Machine-readable' } }, check.machineReadable ?? '—'),
      el('td', { dataset: { label: 'Score' }, className: 'number' }, confidence(check.score)),
      el('td', { dataset: { label: 'Reason' } }, check.reason),
    ));
  return el('table', { className: 'checks cards' },
    el('thead', {}, el('tr', {}, ...['Check', 'Field', 'Result', 'Front', 'Machine-readable', 'Score', 'Reason'].map((name) => el('th', { scope: 'col' }, name)))),
    el('tbody', {}, ...rows));
}

/** A face crop (base64 JPEG of the JSON answer) as a blob: URL; `urls` collects them to revoke. */
function faceImage(base64, alt, urls) {
  if (!base64) return el('p', { className: 'muted' }, 'No face.');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'image/jpeg' }));
  urls.push(url);
  return el('img', { src: url, alt, className: 'face' });
}

function resultSection(outcome, urls) {
  const section = el('section', { className: 'attempt' }, el('h3', {}, 'Last attempt'));
  const result = outcome.verificationResult;
  if (result === null) {
    section.append(el('p', { className: 'message error' }, `Failed: ${outcome.failureCode ?? 'unknown'} — ${outcome.failureMessage ?? ''}`));
    return section;
  }
  const verdict = result.documentVerificationResult;
  section.append(definitions([
    ['Verdict', verdict ? el('span', { className: `verdict verdict-${verdict.status}` }, VERDICTS[verdict.status] ?? String(verdict.status)) : null],
    ['Total confidence', verdict ? confidence(verdict.totalConfidence) : null],
    ['Attempt succeeded', yesNo(outcome.succeeded)],
  ]));
  if (verdict) section.append(el('h4', {}, 'Checks'), el('div', { className: 'scroll' }, checksTable(verdict.checks ?? [])));
  section.append(el('h4', {}, 'Document fields'), el('div', { className: 'scroll' }, fieldsTable(result)));
  const face = result.faceVerificationResult;
  section.append(el('h4', {}, 'Faces'),
    el('div', { className: 'faces' },
      el('figure', {}, faceImage(result.facePhotoFromDocument, 'Face on the document', urls), el('figcaption', {}, 'On the document')),
      el('figure', {}, faceImage(result.facePhoto, 'Face on the selfie', urls), el('figcaption', {}, 'Selfie'))),
    definitions([
      ['Face score', face ? confidence(face.confidence) : 'not compared'],
      ['Anti-spoofing', face ? confidence(face.antiSpoofing) : 'not checked'],
    ]));
  return section;
}

/** Wires the detail view; `show(id)` loads and renders one request. */
export function detailView(session, { onAuthLost }) {
  const container = document.getElementById('detail');
  let urls = [];

  /** Blob URLs hold their bytes until revoked: free the previous request's crops. */
  function release() {
    for (const url of urls) URL.revokeObjectURL(url);
    urls = [];
  }

  return {
    release,
    async show(id) {
      release();
      const status = el('p', { className: 'message', role: 'status' });
      container.replaceChildren(status);
      say(status, 'Loading…');
      try {
        const api = session.api();
        const item = await api.get(id);
        const parts = [el('h2', {}, personName(item)), invitationFacts(item)];
        if (item.lastResponseId) parts.push(resultSection(await api.lastResponse(id), urls));
        else parts.push(el('section', { className: 'attempt' }, el('h3', {}, 'Last attempt'), el('p', { className: 'muted' }, 'No attempt yet.')));
        container.replaceChildren(...parts);
      } catch (error) {
        if (error.status === 401 || error.status === 403) return onAuthLost(error);
        say(status, describeError(error));
      }
    },
  };
}
