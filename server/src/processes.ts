// Whether a process is still running: files and notes a process leaves behind (upload spools,
// media save notes) are cleared only once it is gone.

/** Whether a process id names a running process on this machine (signal 0 only checks). */
export function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
