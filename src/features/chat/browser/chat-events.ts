/** Dispatched on document after the chat screen or inbox has read a conversation: the Chat tab's badge re-counts. */
export const CHAT_READ_EVENT = 'apobote:chat-read';
