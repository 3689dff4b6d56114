import { renderSvg, svgOpen, text } from '../fixtures/specimens/svg.js';

/** A page of names in capitals, one a row in `family` bold, each under a small caption as on a card. */
export async function namesPage(names: readonly string[], family: string, caption: string): Promise<Buffer> {
  const height = 90 * names.length + 40;
  return renderSvg([
    svgOpen(700, height), `<rect width="700" height="${height}" fill="#fbfaf6"/>`,
    ...names.flatMap((name, i) => [
      text(40, 60 + 90 * i, caption, { size: 15, fill: '#3a3f6b' }),
      text(40, 98 + 90 * i, name, { size: 34, family, weight: 'bold' }),
    ]),
    '</svg>',
  ].join(''));
}
