/**
 * Open streams per user in this process. A stream counts from its opening until its connection
 * closes; the limit keeps one account (a script, a forgotten tab farm) from holding the server's
 * connections. Counted per process: with several processes a user may hold the limit on each.
 */
export class StreamLimits {
  private readonly open = new Map<string, number>();

  constructor(private readonly maxPerUser: () => number) {}

  count(userId: string): number {
    return this.open.get(userId) ?? 0;
  }

  /** Takes a slot, or answers false when the user already holds the maximum. */
  tryOpen(userId: string): boolean {
    const current = this.count(userId);
    if (current >= this.maxPerUser()) return false;
    this.open.set(userId, current + 1);
    return true;
  }

  release(userId: string): void {
    const current = this.count(userId);
    if (current <= 1) this.open.delete(userId);
    else this.open.set(userId, current - 1);
  }
}
