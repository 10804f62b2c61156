/**
 * Shares one read among concurrent callers without ever answering a caller with a read that began
 * before it called: a caller arriving while a read is under way waits for the next one, which all
 * such callers share. So every answer reflects whatever was committed before the call, and under
 * load the source sees at most one read at a time.
 */
export function coalescedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const started = read().finally(() => {
      if (current === started) current = null;
    });
    current = started;
    return started;
  };
  return () => {
    if (!current) return start();
    next ??= current.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      next = null;
      return current ?? start();
    });
    return next;
  };
}
