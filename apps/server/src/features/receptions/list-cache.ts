import type { EncodedBody } from "../../lib/encoded-body.js";

const MAX_ENTRIES_PER_BRANCH = 64;

/**
 * The day lists as ready-to-send JSON bytes with their compressed copies (made once per cached
 * generation, no per-request work), per branch, dropped whenever any reception of the branch
 * changes (in this process or, through NOTIFY, in another). A generation number per branch keeps a
 * read that overlapped a change from storing what it read.
 */
export class ReceptionListCache {
  private readonly entries = new Map<string, Map<string, EncodedBody>>();
  private readonly generations = new Map<string, number>();

  /** Every branch's count of drops plus the drops of all: either one moving makes a read in flight stale. */
  private allGeneration = 0;

  generation(pharmacyId: string): number {
    return this.allGeneration + (this.generations.get(pharmacyId) ?? 0);
  }

  get(pharmacyId: string, key: string): EncodedBody | undefined {
    return this.entries.get(pharmacyId)?.get(key);
  }

  set(pharmacyId: string, key: string, json: EncodedBody, readAtGeneration: number): void {
    if (this.generation(pharmacyId) !== readAtGeneration) return;
    let branch = this.entries.get(pharmacyId);
    if (!branch) this.entries.set(pharmacyId, (branch = new Map()));
    if (branch.size >= MAX_ENTRIES_PER_BRANCH) branch.clear();
    branch.set(key, json);
  }

  invalidate(pharmacyId: string): void {
    this.generations.set(pharmacyId, (this.generations.get(pharmacyId) ?? 0) + 1);
    this.entries.delete(pharmacyId);
  }

  /** Changes of unknown branches were missed (the LISTEN connection dropped). */
  invalidateAll(): void {
    this.allGeneration += 1;
    this.entries.clear();
  }
}
