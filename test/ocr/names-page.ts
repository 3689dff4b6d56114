import { renderSvg, svgOpen, text } from '../fixtures/specimens/svg.js';

/** Name size on the test pages, in pixels. */
const SIZE = 34;

/**
 * A page of names in capitals, one a row in `family` bold, each under a small caption as on a card.
 * `squeeze`: the letters set this share of their natural advance apart (an average of 0.78 of the
 * size), so that blur joins them as in a photo.
 */
export async function namesPage(names: readonly string[], family: string, caption: string, squeeze?: number): Promise<Buffer> {
  const height = 90 * names.length + 40;
  const tight = (name: string) => (squeeze === undefined ? {} : { length: Math.round(squeeze * SIZE * 0.78 * name.length), adjust: 'spacing' as const });
  return renderSvg([
    svgOpen(700, height), `<rect width="700" height="${height}" fill="#fbfaf6"/>`,
    ...names.flatMap((name, i) => [
      text(40, 60 + 90 * i, caption, { size: 15, fill: '#3a3f6b' }),
      text(40, 98 + 90 * i, name, { size: SIZE, family, weight: 'bold', ...tight(name) }),
    ]),
    '</svg>',
  ].join(''));
}

/** One line of DejaVu Sans bold capitals on a page of its own. */
export async function linePage(line: string): Promise<Buffer> {
  return renderSvg([
    svgOpen(700, 100), '<rect width="700" height="100" fill="#fbfaf6"/>',
    text(40, 60, line, { size: SIZE, family: 'DejaVu Sans', weight: 'bold' }),
    '</svg>',
  ].join(''));
}
