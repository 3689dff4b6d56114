/**
 * The verdict against the truth: the confusion matrix of what a client gets from Verify (a verdict
 * or an error) against what a correct service answers, the answers per negative kind, false
 * ItsFake on genuine documents, and detection of tampered fronts.
 *
 * The confusion matrix uses the full Verify call, errors included: it is what the client sees.
 * False ItsFake and tamper detection use the document verdict (record.ts `documentVerdict`), which
 * also counts documents whose only failure was the face stage, since the verdict ignores faces.
 */
import { VerdictStatus } from '../../common/document.js';
import { confusionMatrix } from './metrics.js';
import { byCapture, byType, rounded, scoreBy, share, tally, verdictName } from './group.js';
import { documentVerdict, productAnswer, type SpecimenRecord } from './record.js';

const LABELS = Object.keys(VerdictStatus);

/** What the client got, as a word: a verdict name or the error code. */
export function answerName(record: SpecimenRecord): string {
  const answer = productAnswer(record);
  return 'status' in answer ? verdictName(answer.status) : answer.code;
}

/** Whether the answer is the right one: the expected verdict, or one of the expected error codes. */
export function answeredRight(record: SpecimenRecord): boolean {
  const { verdict, expectedErrors } = record.truth;
  const answer = productAnswer(record);
  return verdict === null ? 'code' in answer && (expectedErrors ?? []).includes(answer.code) : 'status' in answer && answer.status === verdict;
}

function confusion(records: readonly SpecimenRecord[]) {
  const { labels, matrix, accuracy } = confusionMatrix(records.map((record) => {
    const answer = productAnswer(record);
    return {
      expected: record.truth.verdict === null ? 'error' : verdictName(record.truth.verdict),
      actual: 'status' in answer ? verdictName(answer.status) : 'error',
    };
  }), LABELS);
  // Rows and columns by name read better in JSON than a bare matrix.
  const named = Object.fromEntries(labels.map((expected, i) => [`expected ${expected}`, Object.fromEntries(labels.map((actual, j) => [actual, matrix[i]![j]!]))]));
  return { accuracy: records.length === 0 ? null : rounded(accuracy), matrix: named };
}

/** Per negative kind: how many, the share answered right, and what was answered. */
function byNegative(records: readonly SpecimenRecord[]) {
  return scoreBy(records, (r) => r.truth.negative ?? 'none', (group) => ({
    specimens: group.length,
    right: share(group.filter(answeredRight).length, group.length),
    answers: tally(group.map(answerName)),
  }));
}

/** Share of `records` whose document verdict is ItsFake, over those that got a verdict. */
function itsFakeRate(records: readonly SpecimenRecord[]) {
  const verdicts = records.map(documentVerdict).filter((v): v is number => v !== null);
  const flagged = verdicts.filter((v) => v === VerdictStatus.ItsFake).length;
  return { specimens: records.length, withVerdict: verdicts.length, itsFake: flagged, rate: share(flagged, verdicts.length) };
}

const TAMPERED = new Set(['tampered-dob', 'tampered-number', 'tampered-name']);

/** The tampered fronts among `records`. */
const tamperedOf = (records: readonly SpecimenRecord[]): SpecimenRecord[] => records.filter((r) => r.truth.negative !== null && TAMPERED.has(r.truth.negative));

/** Detection over every tampered front of `records` (no verdict counts as missed), by kind and document type. */
export function tamperDetection(records: readonly SpecimenRecord[]) {
  const tampered = tamperedOf(records);
  return {
    specimens: tampered.length,
    detection: share(tampered.filter((r) => documentVerdict(r) === VerdictStatus.ItsFake).length, tampered.length),
    overall: itsFakeRate(tampered),
    byKind: scoreBy(tampered, (r) => r.truth.negative as string, itsFakeRate),
    byDocumentType: scoreBy(tampered, byType, itsFakeRate),
  };
}

/** Verdict confusion, answers per negative kind, false ItsFake and tampered-front detection. */
export function scoreVerdict(records: readonly SpecimenRecord[]) {
  const genuine = records.filter((r) => r.truth.verdict === VerdictStatus.OK);
  const noDocument = records.filter((r) => r.truth.negative === 'no-document');
  return {
    ...confusion(records),
    rightAnswer: share(records.filter(answeredRight).length, records.length),
    byNegative: byNegative(records),
    /** Images without a document answered with one of the expected error codes. */
    noDocumentExpectedError: share(noDocument.filter(answeredRight).length, noDocument.length),
    errorCodes: scoreBy(records, byType, (group) => tally(group.flatMap((r) => (r.verify.ok ? [] : [r.verify.code ?? 'unknown'])))),
    falseItsFake: {
      overall: itsFakeRate(genuine),
      byDocumentType: scoreBy(genuine, byType, itsFakeRate),
      byCapture: scoreBy(genuine, byCapture, itsFakeRate),
    },
    // The false-flag rate beside detection.
    tamperedFront: { ...tamperDetection(records), falseFlag: itsFakeRate(genuine).rate },
  };
}
