/**
 * Approximate matching of garbled caption lines (`Sumame/Nom`): line and spellings folded (rn→m,
 * 0→o, 1/l→i, vv→w, cl→d), a spelling matching within a quarter of its length in edits. A line is
 * a field's caption when that field's spellings cover half of it; of two, the closer wins.
 */
import { lastEditRow } from '../../common/edit-distance.js';

export function foldCaption(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/cl/g, 'd')
    .replace(/0/g, 'o').replace(/[1l|]/g, 'i');
}

/** Edits allowed for a spelling of this length (short words must match exactly). */
function allowedEdits(length: number): number {
  if (length >= 8) return Math.floor(length / 4);
  return length >= 5 ? 1 : 0;
}

export function bestSubstringMatch(pattern: string, text: string): { distance: number; end: number } {
  const last = lastEditRow(pattern, text, true);
  let distance = Infinity;
  let end = 0;
  last.forEach((d, j) => {
    if (d < distance) {
      distance = d;
      end = j;
    }
  });
  return { distance, end };
}

export interface CaptionMatch<K> {
  key: K;
  closeness: number;
}

/** The key whose spellings (any language, folded before matching) `text` is mostly made of, or undefined. */
export function matchCaption<K>(text: string, spellings: ReadonlyMap<K, readonly string[]>): CaptionMatch<K> | undefined {
  const line = foldCaption(text);
  if (line.length < 4) return undefined;
  let best: CaptionMatch<K> | undefined;
  for (const [key, words] of spellings) {
    let covered = 0;
    let edits = 0;
    for (const word of words) {
      const folded = foldCaption(word);
      if (folded.length < 5) continue;
      const { distance } = bestSubstringMatch(folded, line);
      if (distance > allowedEdits(folded.length)) continue;
      covered += folded.length - distance;
      edits += distance;
    }
    // Bilingual captions hold two spellings; covering most of the line means it holds no value.
    if (covered === 0 || covered < 0.5 * line.length) continue;
    const closeness = edits / covered;
    if (best === undefined || closeness < best.closeness) best = { key, closeness };
  }
  return best;
}
