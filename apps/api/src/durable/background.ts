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

/**
 * Setting the next alarm at the end of an alarm. If that write fails, the
 * object's storage is broken: the runtime resets the object, and the room
 * sets its alarm again when it next loads. So the failure is logged, not
 * thrown: a rethrow adds nothing but an uncaught exception of the isolate,
 * and in the test pool an uncaught exception of an object thrown out of
 * memory (`abortAllDurableObjects`) stalled the whole run after its file.
 */
export async function armAfterAlarm(arming: Promise<void>, room: string): Promise<void> {
  try {
    await arming;
  } catch (error) {
    console.error(`${room}: the next alarm was not set:`, error);
  }
}
