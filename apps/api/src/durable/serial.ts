/**
 * One queue per Durable Object: each piece of work starts when the one before
 * it has finished, failed or not. A room awaits D1 and other rooms in the
 * middle of a change; the queue keeps every change decided on the state it
 * read, which the input gate alone does not (it opens while a fetch is out).
 */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
