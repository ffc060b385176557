// Work waiting in turns by client (an address, a customer): the client whose turn is next gives
// its first item, then goes to the back of the line, so that a client that sends many cannot make
// everyone else wait behind all of them. The threads of turn-thread.ts (the compile worker, the
// policy loader) take their jobs this way.
export class ClientTurns<T> {
  /** Items waiting, by client; the client whose turn is next comes first. */
  private readonly waiting = new Map<string, T[]>();

  add(client: string, item: T): void {
    const queue = this.waiting.get(client);
    if (queue) queue.push(item);
    else this.waiting.set(client, [item]);
  }

  /** The next item: the first of the client whose turn it is, who then goes to the back of the line. */
  take(): T | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return undefined;
    const [client, queue] = first.value;
    const item = queue.shift();
    this.waiting.delete(client);
    if (queue.length > 0) this.waiting.set(client, queue);
    return item;
  }
}
