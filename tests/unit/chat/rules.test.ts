import { describe, expect, it } from 'vitest';
import { AWAY_MAIL_INTERVAL_MS, messagingLink, normalizeMessage, parseMessagingNumbers, shouldSendAwayMail } from '../../../src/features/chat/model/rules';
import { nextOpeningAt } from '../../../src/features/pharmacies';

describe('chat rules', () => {
  it('keeps a message trimmed and refuses an empty one', () => {
    expect(normalizeMessage('  Hello <b>there</b>\n')).toBe('Hello <b>there</b>');
    expect(normalizeMessage(' \n\t ')).toBeNull();
  });

  it('mails an away customer at most once an hour, never one who is watching', () => {
    const now = new Date('2026-06-16T10:00:00Z');
    expect(shouldSendAwayMail({ customerWatching: false, lastMailAt: null, now })).toBe(true);
    expect(shouldSendAwayMail({ customerWatching: true, lastMailAt: null, now })).toBe(false);
    expect(shouldSendAwayMail({ customerWatching: false, lastMailAt: new Date(now.getTime() - AWAY_MAIL_INTERVAL_MS + 1), now })).toBe(false);
    expect(shouldSendAwayMail({ customerWatching: false, lastMailAt: new Date(now.getTime() - AWAY_MAIL_INTERVAL_MS), now })).toBe(true);
  });

  it('builds a click-to-chat link without any text, only for a plausible international number', () => {
    expect(messagingLink('+49 30 1234-5678')).toBe('https://wa.me/493012345678');
    expect(messagingLink('0049 30 12345678')).toBe('https://wa.me/493012345678');
    expect(messagingLink('hello')).toBeNull();
    expect(messagingLink(null)).toBeNull();
    expect(parseMessagingNumbers('a=+49 30 1234567, b=nope,,c')).toEqual(new Map([['a', '+49 30 1234567']]));
  });
});

describe('nextOpeningAt', () => {
  const hours = { mon: [{ opens: '08:00', closes: '20:00' }], tue: [{ opens: '08:00', closes: '20:00' }], holidayRegion: null };
  it('is now while open, the next opening in Berlin time when closed, null when it never opens', () => {
    const open = new Date('2026-06-16T08:00:00Z'); // Tue 10:00 CEST
    expect(nextOpeningAt(hours, open)).toEqual(open);
    expect(nextOpeningAt(hours, new Date('2026-06-15T19:30:00Z'))).toEqual(new Date('2026-06-16T06:00:00Z')); // Mon 21:30 → Tue 08:00
    expect(nextOpeningAt(hours, new Date('2026-06-16T19:30:00Z'))).toEqual(new Date('2026-06-22T06:00:00Z')); // Tue night → next Monday
    expect(nextOpeningAt({}, open)).toBeNull();
  });
});
