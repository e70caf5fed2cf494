/** A fixed pseudo-random sequence in [0, 1] from `seed`, so that every run makes the same photos and samples. */
export function seededRandom(seed: number): () => number {
  let state = seed & 0x7fffffff || 1;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}
