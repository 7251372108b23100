/**
 * One server process at a time may open an embedded data folder: two would corrupt it. The
 * lock is a file holding the owner's process id; a lock left by a process that is gone is
 * taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataFolderInUse extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another formsign server (process ${pid}). ` +
        'Stop that server first, or give this one another folder with FORMSIGN_DATA.',
    );
    this.name = 'DataFolderInUse';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The folders this process holds (a lock file with our own pid may be a stale one from a container's last run). */
const held = new Set<string>();

/** Takes the folder's lock; the function returned releases it. */
export function lockDataFolder(dataDir: string): () => void {
  const file = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      return () => {
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      const ours = owner === process.pid;
      if (ours ? held.has(file) : Number.isInteger(owner) && owner > 0 && isRunning(owner)) throw new DataFolderInUse(dataDir, owner);
      // Left behind by a process that is gone (or unreadable): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}
