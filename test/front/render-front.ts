/**
 * Simple fronts for the OCR tests, until the specimen corpus provides its own: an AAMVA-style
 * licence front (captions above values, as the corpus draws them) and a TD3 passport data page
 * with bilingual captions, both rendered through the corpus's SVG helpers, and decoded the way
 * intake decodes uploads.
 */
import { decodeImage } from '../../pipeline/backends/sharp.js';
import type { PreparedImage } from '../../pipeline/job.js';
import { CONDENSED, labelled, renderSvg, svgOpen, text } from '../fixtures/specimens/svg.js';

export interface LicenceText {
  state: string;
  number: string;
  dob: string;
  expires: string;
  issued: string;
  family: string;
  given: string;
  street: string;
  cityLine: string;
  sex: string;
  height: string;
  weight: string;
  eyes: string;
  hair: string;
  vehicleClass: string;
}

export const LICENCE: LicenceText = Object.freeze({
  state: 'CALIFORNIA', number: 'D1234567', dob: '08/31/1985', expires: '08/31/2031', issued: '08/31/2023',
  family: "O'BRIEN-SMITH", given: 'JOHN MICHAEL', street: '1234 MAIN ST APT 4B', cityLine: 'SACRAMENTO, CA 95814-1234',
  sex: 'M', height: `5'-09"`, weight: '165 lb', eyes: 'BRO', hair: 'BLK', vehicleClass: 'C',
});

/** PNG of a licence front, 1012 × 638 (ID-1 at 300 dpi). */
export async function renderLicence(t: LicenceText = LICENCE): Promise<Buffer> {
  const x = 300;
  const small = { label: 15, value: 24 };
  return renderSvg([
    svgOpen(1012, 638), '<rect width="1012" height="638" fill="#e8eef5"/>',
    '<rect x="0" y="0" width="1012" height="96" fill="#1d4e89"/>',
    text(28, 62, t.state, { size: 46, weight: 'bold', fill: '#fff', family: CONDENSED }),
    text(984, 44, 'USA', { size: 26, weight: 'bold', fill: '#fff', anchor: 'end' }),
    text(984, 80, 'DRIVER LICENSE', { size: 24, fill: '#fff', anchor: 'end' }),
    '<rect x="28" y="118" width="250" height="320" fill="#9aa"/>',
    labelled(x, 128, '4d DLN', t.number, { label: 16, value: 34 }, '#a3161a'),
    labelled(x, 188, '3 DOB', t.dob, { label: 16, value: 30 }, '#a3161a'),
    labelled(x + 330, 188, '4b EXP', t.expires, { label: 16, value: 30 }),
    labelled(x, 246, '4a ISS', t.issued, small),
    labelled(x + 330, 246, '9 CLASS', t.vehicleClass, small),
    labelled(x, 298, '1', t.family, { label: 15, value: 30 }),
    labelled(x, 350, '2', t.given, { label: 15, value: 26 }),
    labelled(x, 400, '8', t.street, { label: 15, value: 22 }),
    text(x, 450, t.cityLine, { size: 22, family: CONDENSED, weight: 'bold' }),
    labelled(x, 478, '15 SEX', t.sex, small),
    labelled(x + 110, 478, '16 HGT', t.height, small),
    labelled(x + 240, 478, '17 WGT', t.weight, small),
    labelled(x + 370, 478, '18 EYES', t.eyes, small),
    labelled(x + 480, 478, '19 HAIR', t.hair, small),
    labelled(x, 536, '5 DD', '83HX7Q2KZ1', { label: 14, value: 18 }),
    labelled(x + 370, 536, '12 RESTR', 'NONE', { label: 14, value: 18 }),
    '</svg>',
  ].join(''));
}

/** PNG of a TD3 passport data page, 1250 × 880, for Anna Maria Eriksson of Utopia. */
export async function renderPassport(): Promise<Buffer> {
  const x = 380;
  const sizes = { label: 16, value: 28 };
  return renderSvg([
    svgOpen(1250, 880), '<rect width="1250" height="880" fill="#f3efe4"/>',
    text(40, 60, 'PASSPORT / PASSEPORT', { size: 34, weight: 'bold' }),
    '<rect x="40" y="100" width="300" height="400" fill="#9aa"/>',
    labelled(x, 120, 'Type/Type', 'P', sizes),
    labelled(x + 170, 120, 'Code/Code', 'UTO', sizes),
    labelled(x + 400, 120, 'Passport No./N° du passeport', 'L898902C3', sizes),
    labelled(x, 200, 'Surname/Nom', 'ERIKSSON', sizes),
    labelled(x, 280, 'Given names/Prénoms', 'ANNA MARIA', sizes),
    labelled(x, 360, 'Nationality/Nationalité', 'UTOPIAN', sizes),
    labelled(x, 440, 'Date of birth/Date de naissance', '12 AUG/AOUT 1974', sizes),
    labelled(x + 480, 440, 'Sex/Sexe', 'F', sizes),
    labelled(x, 520, 'Date of issue/Date de délivrance', '16 APR/AVR 2022', sizes),
    labelled(x, 600, 'Date of expiry/Date d\'expiration', '15 APR/AVR 2032', sizes),
    text(40, 760, 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', { size: 36, family: 'DejaVu Sans Mono' }),
    text(40, 820, 'L898902C36UTO7408122F3204159ZE184226B<<<<<10', { size: 36, family: 'DejaVu Sans Mono' }),
    '</svg>',
  ].join(''));
}

/** An image decoded as intake decodes uploads. */
export async function prepared(png: Buffer): Promise<PreparedImage> {
  const { width, height, rgb, grey } = await decodeImage(png, 'front');
  return { width, height, rgb, grey };
}
