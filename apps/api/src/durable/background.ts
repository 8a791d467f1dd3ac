/**
 * Work a room starts and does not wait for (an outbox delivery, the alarm,
 * storage writes held by the output gate). Its failure is logged here rather
 * than left as an unhandled rejection: a room thrown out of memory (a deploy,
 * a crash, `abortAllDurableObjects` in tests) fails all of them at once, and
 * workerd reports each unhandled one as an uncaught exception of the isolate.
 */
export function inBackground(work: Promise<unknown>, what: string): void {
  work.catch((error: unknown) => {
    console.error(`${what} failed:`, error);
  });
}
