/*
 * What can be subscribed to: one order, one user's own feed, or one pharmacy's board, or one pharmacy's chat inbox, an operators' feed (operator:site-build); `config` topics
 * are for server processes only (no browser may buy a ticket for them: routes give them no access). A topic is
 * "<kind>:<id>"; ids are the entities' own (UUIDs, pharmacy slugs), so the shape is narrow enough to
 * check before anything reaches the database. Browser-safe: islands build topics with these too.
 */

export const TOPIC_KINDS = ['order', 'user', 'pharmacy', 'inbox', 'operator', 'config'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];
export type Topic = `${TopicKind}:${string}`;

const TOPIC = /^(order|user|pharmacy|inbox|operator|config):([A-Za-z0-9_-]{1,100})$/;

export function topicOf(kind: TopicKind, id: string): Topic {
  const topic = `${kind}:${id}` as Topic;
  if (!TOPIC.test(topic)) throw new RangeError(`not a valid topic: ${kind}:${id}`);
  return topic;
}

/** The kind and id of a topic string, or null when it is not one. */
export function parseTopic(value: string): { kind: TopicKind; id: string; topic: Topic } | null {
  const match = TOPIC.exec(value);
  if (!match) return null;
  return { kind: match[1] as TopicKind, id: match[2]!, topic: value as Topic };
}
