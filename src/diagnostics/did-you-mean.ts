import { distance } from 'fastest-levenshtein';

/**
 * The closest of `candidates` to `word`, when it is close enough to be a likely typo
 * (at most half of the word's letters differ, and at most 3).
 */
export function closestMatch(word: string, candidates: Iterable<string>, maxDistance?: number): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const limit = maxDistance ?? Math.min(3, Math.max(1, Math.floor(word.length / 2)));
  return best !== undefined && bestDistance <= limit ? best : undefined;
}

/** `; did you mean "count"?` or an empty string. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const match = closestMatch(word, candidates);
  return match === undefined ? '' : `; did you mean "${match}"?`;
}
