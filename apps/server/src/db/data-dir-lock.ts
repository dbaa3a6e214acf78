/**
 * The embedded database's folder is one process's at a time. PGlite itself does not stop a second
 * process from opening the same folder (two servers started on one `DATA_DIR`, or a backup taken
 * while the server runs), and two writers corrupt it; so whoever opens it holds `<folder>.lock`,
 * holding its process id, until it closes. A lock left by a process that no longer runs (a server
 * killed with `kill -9`, a machine that lost power) is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export class DataDirInUse extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${folder} is in use by process ${pid} (a running server?). Stop it first, or use another DATA_DIR.`,
    );
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the folder's lock (or throws `DataDirInUse`); answers the function that gives it back. */
export function holdDataDir(folder: string): () => void {
  const file = `${folder}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new DataDirInUse(folder, pid);
      // Stale: its process is gone.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
