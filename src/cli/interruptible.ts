/**
 * Ctrl-C (SIGINT) or SIGTERM as an abort signal while `during` runs, so that a
 * long command can wind down and still report. Only the first signal is
 * caught: a second one finds Node's default and ends the process at once.
 */
export async function interruptible<T>(during: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSignal = (): void => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await during(controller.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
