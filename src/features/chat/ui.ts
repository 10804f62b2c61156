// Public surface of the chat feature for pages: the customer's chat, the back office's inbox and
// the Chat tab's unread badge.
export { default as ChatPanel } from './components/ChatPanel.astro';
export { default as InboxPanel } from './components/InboxPanel.astro';
export { default as ChatUnreadBadge } from './components/ChatUnreadBadge.astro';
