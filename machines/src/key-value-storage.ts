/**
 * The part of the Web Storage interface the machines use. The app passes `window.localStorage`;
 * tests and Node pass `memoryStorage()`.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** An in-memory storage with the Web Storage shape, for tests and Node. */
export interface MemoryStorage extends KeyValueStorage {
  /** What the storage holds now, as a plain object (for assertions). */
  entries(): Record<string, string>;
}

export function memoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
    entries: () => Object.fromEntries(items),
  };
}
