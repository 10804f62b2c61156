/**
 * What an unexpected error may put in the log: its class, its codes (SQLSTATE, errno) and where it
 * was thrown. Never its message: drizzle's says "Failed query: … params: …" with the names,
 * addresses and rider notes of the request, PostgreSQL's quote the offending value, and any other
 * may have been built from input. The request id ties the line to the request log.
 */
export interface LoggableError {
  error: string;
  /** Codes found along the cause chain, outermost first (e.g. "22021" for a NUL in text). */
  codes?: string[];
  /** Stack frames only ("at file:line"), without the message line. */
  stack?: string[];
}

const MAX_CAUSES = 5;
const MAX_FRAMES = 12;

function causesOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < MAX_CAUSES; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
    if (typeof current !== 'object') break;
  }
  return chain;
}

export function loggableError(error: unknown): LoggableError {
  const chain = causesOf(error);
  const names = chain.map((item) => (item instanceof Error ? item.constructor.name || item.name : typeof item));
  const codes = chain
    .map((item) => (item !== null && typeof item === 'object' ? (item as { code?: unknown }).code : undefined))
    .filter((code): code is string | number => typeof code === 'string' || typeof code === 'number')
    .map(String)
    // Only code-like values: a library that put free text into `code` must not leak it here.
    .filter((code) => /^[A-Za-z0-9_.-]{1,40}$/.test(code));
  return {
    error: names.join(' <- '),
    ...(codes.length > 0 ? { codes } : {}),
    ...(error instanceof Error ? { stack: framesOf(error) } : {}),
  };
}

/** V8's stack is "Name: message" (any number of lines) then one "    at …" line per frame. */
function framesOf(error: Error): string[] {
  let stack = error.stack ?? '';
  const header = `${error.name}: ${error.message}`;
  // Cut the message off first: a multi-line message may hold a line that looks like a frame.
  if (stack.startsWith(header)) stack = stack.slice(header.length);
  else if (error.message && stack.includes(error.message)) stack = stack.slice(stack.indexOf(error.message) + error.message.length);
  return stack
    .split('\n')
    .filter((line) => /^ {4}at /.test(line))
    .map((line) => line.trim())
    .slice(0, MAX_FRAMES);
}

