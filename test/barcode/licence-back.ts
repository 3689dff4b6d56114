/**
 * A plain licence back for the barcode tests: the PDF417 across a light card with a line of
 * small print, drawn about as large as a phone photo of the card shows it before intake.
 */
import sharp from 'sharp';
import { encodeAamva, iinForJurisdiction, type AamvaPerson } from '../fixtures/aamva-encode.js';
import { renderPdf417 } from '../fixtures/pdf417-render.js';

const CARD = { width: 1300, height: 820 };
const SYMBOL_WIDTH = 1100;

export const PERSON: AamvaPerson = Object.freeze({
  familyName: 'TREMBLAY-OKAFOR', firstName: 'JEAN', middleName: 'LUC', dob: '1979-11-03', issued: '2021-06-14',
  expires: '2029-11-03', sex: 'M', heightIn: 70, weightLb: 176, eyes: 'BLU', hair: 'BRO', street: '2300 WEST BROAD STREET',
  city: 'RICHMOND', state: 'VA', zip: '232690000', dln: 'T64235789', vehicleClass: 'D',
});

/** The payload of `PERSON` as the card of `jurisdiction` of AAMVA `version` encodes it. */
export function payload(version: number, jurisdiction: string, subfile: 'DL' | 'ID' = 'DL'): string {
  return encodeAamva(PERSON, { version, iin: iinForJurisdiction(jurisdiction)!, jurisdiction, subfile });
}

/** A PNG of a card back carrying `text` as PDF417. */
export async function licenceBack(text: string): Promise<Buffer> {
  const symbol = await sharp(await renderPdf417(text)).resize({ width: SYMBOL_WIDTH, kernel: 'nearest' }).png().toBuffer();
  const print = `<svg width="${CARD.width}" height="60"><text x="10" y="40" font-size="26" fill="#444">This card is the property of the issuing jurisdiction.</text></svg>`;
  return sharp({ create: { ...CARD, channels: 3, background: '#eef2f6' } })
    .composite([
      { input: symbol, left: (CARD.width - SYMBOL_WIDTH) / 2, top: 140 },
      { input: Buffer.from(print), left: 90, top: CARD.height - 110 },
    ])
    .png()
    .toBuffer();
}
