/**
 * The analysis's tables kept in the process, under the version of the template's submissions
 * they were worked out from (`submission_versions`, moved on by the database in the same
 * transaction as every change of them). A request reads the version first: a change makes a
 * new version and so a new key, and what was kept under the old one is never answered again.
 * Each server process keeps its own, all keyed by the same versions.
 *
 * Bounded in entries and in bytes, the least recently used going first: one person asking for
 * every pair of fields of every template, or a field of long free-text answers, keeps memory
 * where it was. Requests that miss the same key at once share one query.
 */
import type { Pivot } from '@formsign/sdk/contract';

export interface PivotKey {
  companyId: number;
  templateId: number;
  /** The version of the template's submissions read before the cells were asked for. */
  version: number;
  row: string;
  column: string;
  summed: string | null;
  /**
   * What the table's layout reads of the template: its title and the definitions of the
   * fields in use (their labels, types and options), so that a change of them is a new key.
   */
  layout: string;
}

export interface PivotCacheLimits {
  entries: number;
  bytes: number;
}

export const defaultPivotCacheLimits: PivotCacheLimits = { entries: 2_000, bytes: 32 * 1024 * 1024 };

/** About what a table and its key hold in memory: their texts as UTF-16, the cells as numbers in arrays, and the objects around them. */
function sizeOf(table: Pivot, id: string): number {
  let bytes = 256 + 2 * id.length + 2 * table.template.title.length;
  for (const label of [...table.rows, ...table.columns]) bytes += 32 + 2 * label.length;
  for (const row of table.cells) bytes += 32 + 8 * row.length;
  return bytes;
}

interface Kept {
  table: Pivot;
  bytes: number;
  template: string;
  version: number;
}

export class PivotCache {
  private readonly kept = new Map<string, Kept>();
  private readonly pending = new Map<string, Promise<Pivot>>();
  /** The newest version seen of each template's submissions, and the keys kept under it. */
  private readonly newest = new Map<string, { version: number; keys: Set<string> }>();
  private total = 0;

  constructor(private readonly limits: PivotCacheLimits = defaultPivotCacheLimits) {}

  /** The table kept under `key`, else the one `load` works out (kept for the next request). */
  async table(key: PivotKey, load: () => Promise<Pivot>): Promise<Pivot> {
    const template = JSON.stringify([key.companyId, key.templateId]);
    const id = JSON.stringify([key.companyId, key.templateId, key.version, key.row, key.column, key.summed, key.layout]);
    const kept = this.kept.get(id);
    if (kept) {
      // Used last: moved to the end of the order of use.
      this.kept.delete(id);
      this.kept.set(id, kept);
      return kept.table;
    }
    const waiting = this.pending.get(id);
    if (waiting) return waiting;
    const loading = load().then(
      (table) => {
        this.pending.delete(id);
        this.keep(id, { table, bytes: sizeOf(table, id), template, version: key.version });
        return table;
      },
      (error: unknown) => {
        this.pending.delete(id);
        throw error;
      },
    );
    this.pending.set(id, loading);
    return loading;
  }

  /** How many answers are kept, and about how many bytes they take. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.kept.size, bytes: this.total };
  }

  private keep(id: string, entry: Kept): void {
    const newest = this.newest.get(entry.template);
    // Worked out from a version already replaced: no request will ask for it again.
    if (newest && newest.version > entry.version) return;
    // An answer too big to share the room with many others is given, not kept.
    if (entry.bytes > this.limits.bytes / 8) return;
    if (!newest || newest.version < entry.version) {
      for (const old of newest?.keys ?? []) this.drop(old);
      this.newest.set(entry.template, { version: entry.version, keys: new Set([id]) });
    } else newest.keys.add(id);
    this.kept.set(id, entry);
    this.total += entry.bytes;
    while (this.kept.size > this.limits.entries || this.total > this.limits.bytes) {
      const oldest = this.kept.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
  }

  private drop(id: string): void {
    const entry = this.kept.get(id);
    if (!entry) return;
    this.kept.delete(id);
    this.total -= entry.bytes;
    const newest = this.newest.get(entry.template);
    newest?.keys.delete(id);
    if (newest?.keys.size === 0) this.newest.delete(entry.template);
  }
}
