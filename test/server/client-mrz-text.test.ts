/**
 * MRZ text as trackString, as capture clients send it for MRZ documents (decisions.md,
 * "Machine-readable input sent by the client"), through the real HTTP server and pipeline: a
 * passport's MRZ text compared with the MRZ its page shows (mrzTextMatch), a card's MRZ text
 * standing in for its back, and MRZ text that is none refused with TrackStringParserError.
 */
import t, { type Test } from 'tap';
import { checkDigit } from '../../pipeline/mrz/check-digit.js';
import { jpegImage, mrzLinesOf, mrzSpecimen } from './fixtures.js';
import { NEEDS_SHARED_DATA, startServer } from './helper.js';

/** The checks' names and results of a verdict. */
function results(verdict: { checks: Array<{ name: string; result: string }> }): Array<[string, string]> {
  return verdict.checks.map((c) => [c.name, c.result]);
}

function check(t: Test, verdict: { checks: Array<{ name: string; result: string }> }, name: string): { name: string; result: string; reason: string } {
  const found = verdict.checks.find((c) => c.name === name) as { name: string; result: string; reason: string } | undefined;
  t.ok(found, `a ${name} check`);
  return found ?? { name, result: 'absent', reason: '' };
}

t.test('MRZ text as trackString, through the real pipeline', { skip: NEEDS_SHARED_DATA }, async (t) => {
  const server = await startServer(t);
  const { keys } = server;

  t.test('a passport\'s MRZ text as trackString is compared with the MRZ its page shows', async (t) => {
    const passport = await mrzSpecimen(2);
    const lines = mrzLinesOf(passport);
    const body = { documentType: 2, verifyFace: false, frontImageBase64: passport.front.toString('base64') };
    const same = await server.call('POST', '/api/Verify', { key: keys.secretA, json: { ...body, trackString: lines.join('\n') } });
    t.equal(same.status, 200, JSON.stringify(same.body).slice(0, 300));
    t.same(results(same.body.documentVerificationResult).slice(0, 2), [['mrzCheckDigits', 'passed'], ['mrzTextMatch', 'passed']]);
    t.equal(same.body.documentVerificationResult.status, passport.truth.verdict, 'the verdict the genuine passport deserves');
    t.equal(same.body.machineReadable.document.id, passport.truth.machineReadable.id);
    // Another expiry date with its check digits made to hold: a forger's text, run together.
    const forgedLine = lines[1]!.slice(0, 21) + '391231';
    const withExpiry = forgedLine + checkDigit('391231') + lines[1]!.slice(28, 43);
    const line2 = withExpiry + checkDigit(withExpiry.slice(0, 10) + withExpiry.slice(13, 20) + withExpiry.slice(21, 43));
    const forged = await server.call('POST', '/api/Verify', { key: keys.secretA, json: { ...body, trackString: lines[0]! + line2 } });
    t.equal(forged.status, 200);
    const match = check(t, forged.body.documentVerificationResult, 'mrzTextMatch');
    t.equal(match.result, 'failed');
    t.match(match.reason, /^The MRZ text sent as trackString differs from the image's MRZ at line 2 /);
    t.equal(forged.body.documentVerificationResult.status, 1, 'ItsFake');
    t.equal(forged.body.machineReadable.document.expires, passport.truth.machineReadable.expires, 'the page\'s MRZ stays the machine-readable part');
  });

  t.test('a passport card\'s MRZ text stands in for the back it was read from', async (t) => {
    const card = await mrzSpecimen(3);
    const answer = await server.call('POST', '/api/Verify', {
      key: keys.secretA, json: { documentType: 'PassportCard', frontImageBase64: card.front.toString('base64'), trackString: Buffer.from(mrzLinesOf(card).join('\n')).toString('base64') },
    });
    t.equal(answer.status, 200, JSON.stringify(answer.body).slice(0, 300));
    t.equal(answer.body.machineReadable.document.id, card.truth.machineReadable.id);
    t.equal(answer.body.machineReadable.confidence.id, 100);
    t.equal(check(t, answer.body.documentVerificationResult, 'mrzTextMatch').result, 'notChecked', 'the front shows no MRZ to compare with');
    t.equal(check(t, answer.body.documentVerificationResult, 'mrzCheckDigits').result, 'passed', 'the text\'s own check digits');
  });

  t.test('an MRZ document\'s trackString that is no MRZ text is TrackStringParserError', async (t) => {
    for (const trackString of ['P<UTO not an MRZ at all', '%%%']) {
      const answer = await server.call('POST', '/api/Verify', { key: keys.secretA, json: { documentType: 2, frontImageBase64: (await jpegImage()).toString('base64'), trackString } });
      t.equal(answer.status, 400, trackString);
      t.equal(answer.body.code, 'TrackStringParserError');
      t.match(answer.body.message, /^trackString cannot be parsed as MRZ text: /);
    }
  });
});
