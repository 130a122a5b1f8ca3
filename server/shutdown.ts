/**
 * Stops a process on SIGINT or SIGTERM: runs `steps` in order once, exits 0 (1 when a step fails);
 * a second signal while stopping exits at once. Shared by the API server and the conversion worker.
 */
export function stopOnSignals(steps: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    try {
      await steps();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`Shutdown failed: ${String(error)}\n`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
