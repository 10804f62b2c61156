import { Hono, type Context } from 'hono';
import { DEMO_PSP_PATH, type DemoProvider } from './demo-provider';
import { TEST_PAYPAL_ACCOUNT, TEST_WALLET_CARDS } from './test-cards';

/*
 * The demo provider's own pages and endpoints, served by the shop's process under /demo-psp/ but
 * standing for the provider: the hosted card fields (an iframe in the checkout, like Stripe's
 * Payment Element), the 3-D Secure challenge page, the PayPal-like approval page, the confirm
 * endpoint that alone receives card data, and test helpers for late, duplicated and reordered
 * webhooks. Nothing here is part of the shop's API, and it exists only in demo mode.
 */

type Lang = 'en' | 'de';
/** The demo provider's own page texts (tests read them too). */
export const DEMO_PSP_TEXT = {
  en: {
    fields: 'Card details',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    demo: 'Demo payment provider: use a test card from the README, no money moves.',
    challengeTitle: '3-D Secure check of your bank (demo)',
    challengeText: 'Your bank asks you to confirm this payment of {amount}.',
    pass: 'Confirm payment',
    fail: 'Fail authentication',
    abandon: 'Cancel and return to the shop',
    paypalTitle: 'PayPal (demo)',
    paypalText: 'Logged in as {account}. Pay {amount} to Apobote?',
    approve: 'Agree and continue',
    cancel: 'Cancel and return to the shop',
    gone: 'This payment is no longer open.',
    invalidNumber: 'Please check the card number.',
    sepaFields: 'SEPA direct debit',
    holder: 'Account holder',
    iban: 'IBAN',
    sepaDemo: 'Demo payment provider: use a test IBAN from the README, no money moves.',
    mandate:
      'By providing your IBAN and confirming this payment, you authorise {creditor} and its payment service provider to send instructions to your bank to debit your account, and your bank to debit your account in accordance with those instructions. The debit is made only when the pharmacy accepts your order; you will be told its amount and date in the order confirmation. You are entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the date on which your account was debited.',
    invalidIban: 'Please check the IBAN and the account holder.',
    klarnaTitle: 'Pay by invoice (demo)',
    klarnaText: 'Pay {amount} to Apobote within 30 days after the pharmacy accepted your order. You get the invoice by e-mail.',
    klarnaApprove: 'Buy now, pay later',
    klarnaDecline: 'Decline (test: invoice refused)',
    wallets: 'Express checkout',
    applePay: 'Apple Pay',
    googlePay: 'Google Pay',
    walletChosen: '{wallet} chosen: "Order and pay" pays with the card in your wallet ({brand} ending in {last4}). Press again to pay by card instead.',
    walletDemo: 'Demo: these buttons are shown in every browser. With Stripe they appear only where the device offers Apple Pay or Google Pay.',
  },
  de: {
    fields: 'Kartendaten',
    number: 'Kartennummer',
    expiry: 'Ablaufdatum (MM/JJ)',
    cvc: 'Kartenprüfnummer (CVC)',
    demo: 'Demo-Zahlungsanbieter: Testkarte aus der README verwenden, es fließt kein Geld.',
    challengeTitle: '3-D-Secure-Prüfung Ihrer Bank (Demo)',
    challengeText: 'Ihre Bank bittet Sie, diese Zahlung über {amount} zu bestätigen.',
    pass: 'Zahlung bestätigen',
    fail: 'Prüfung fehlschlagen lassen',
    abandon: 'Abbrechen und zum Shop zurück',
    paypalTitle: 'PayPal (Demo)',
    paypalText: 'Angemeldet als {account}. {amount} an Apobote zahlen?',
    approve: 'Zustimmen und weiter',
    cancel: 'Abbrechen und zum Shop zurück',
    gone: 'Diese Zahlung ist nicht mehr offen.',
    invalidNumber: 'Bitte prüfen Sie die Kartennummer.',
    sepaFields: 'SEPA-Lastschrift',
    holder: 'Kontoinhaber',
    iban: 'IBAN',
    sepaDemo: 'Demo-Zahlungsanbieter: Test-IBAN aus der README verwenden, es fließt kein Geld.',
    mandate:
      'Ich ermächtige {creditor} und seinen Zahlungsdienstleister, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die von {creditor} auf mein Konto gezogenen Lastschriften einzulösen. Die Lastschrift wird erst eingezogen, wenn die Apotheke Ihre Bestellung annimmt; Betrag und Datum stehen in der Bestellbestätigung. Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.',
    invalidIban: 'Bitte prüfen Sie IBAN und Kontoinhaber.',
    klarnaTitle: 'Kauf auf Rechnung (Demo)',
    klarnaText: '{amount} an Apobote innerhalb von 30 Tagen zahlen, nachdem die Apotheke Ihre Bestellung angenommen hat. Die Rechnung kommt per E-Mail.',
    klarnaApprove: 'Jetzt kaufen, später bezahlen',
    klarnaDecline: 'Ablehnen (Test: Rechnungskauf abgelehnt)',
    wallets: 'Express-Zahlung',
    applePay: 'Apple Pay',
    googlePay: 'Google Pay',
    walletChosen: '{wallet} gewählt: „Zahlungspflichtig bestellen“ zahlt mit der Karte in Ihrem Wallet ({brand} mit Endziffern {last4}). Erneut drücken, um mit Karte zu zahlen.',
    walletDemo: 'Demo: Diese Schaltflächen erscheinen in jedem Browser. Mit Stripe erscheinen sie nur, wenn das Gerät Apple Pay oder Google Pay anbietet.',
  },
} as const;

const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const euros = (cents: number, lang: Lang): string => new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const langOf = (value: string | undefined): Lang => (value === 'de' ? 'de' : 'en');

const PAGE_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1rem;color:#1a1a1a;background:#fff}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}input{font:inherit;padding:.5rem;border:1px solid #555;border-radius:4px;width:100%;box-sizing:border-box}
.row{display:flex;gap:.75rem}.row>div{flex:1}.hint{font-size:.875rem;color:#444}.error{color:#a00000;font-weight:600}
button{font:inherit;padding:.6rem 1rem;margin:.5rem .5rem 0 0;border-radius:4px;border:1px solid #0b4f9c;background:#0b4f9c;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b4f9c}main{max-width:32rem;margin:0 auto}
.wallets{display:flex;gap:.5rem}.wallets button.wallet{display:flex;align-items:center;gap:.5rem;margin:0;background:#fff;color:#1a1a1a;border-color:#555}
.wallets button.wallet[aria-pressed=true]{outline:3px solid #0b4f9c;outline-offset:2px;font-weight:700}`;

function page(lang: Lang, title: string, body: string, script?: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${PAGE_CSS}</style></head><body>${body}${script ? `<script src="${DEMO_PSP_PATH}/${script}"></script>` : ''}</body></html>`;
}

/** The hosted fields' script: on the shop's "confirm" message it posts the card to the demo provider only. */
const ELEMENTS_JS = `(() => {
  const form = document.getElementById('fields');
  const error = document.getElementById('error');
  const parentOrigin = location.origin;
  const say = (message) => parent.postMessage(Object.assign({ source: 'apobote-demo-psp' }, message), parentOrigin);
  const luhn = (text) => {
    // (No backslashes: this script is a template literal.)
    if (!/^[0-9 -]+$/.test(text.trim())) return false;
    const digits = text.replace(/[^0-9]/g, '');
    if (digits.length < 12 || digits.length > 19) return false;
    let sum = 0;
    for (let i = 0; i < digits.length; i += 1) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  };
  const checkNumber = () => {
    const bad = form.number.value.trim() !== '' && !luhn(form.number.value);
    form.number.setAttribute('aria-invalid', bad ? 'true' : 'false');
    error.textContent = bad ? form.dataset.invalid : '';
    return !bad;
  };
  form.number.addEventListener('blur', checkNumber);
  // On a slow connection the fields can be typed in and left before this script arrives.
  if (document.activeElement !== form.number) checkNumber();
  // Apple Pay / Google Pay (shown with ?wallets=1): pressing one chooses it, pressing it again goes back to the card.
  let wallet = null;
  const walletButtons = Array.from(document.querySelectorAll('[data-wallet]'));
  const walletNote = document.getElementById('wallet-chosen');
  for (const button of walletButtons) {
    button.addEventListener('click', () => {
      wallet = wallet === button.dataset.wallet ? null : button.dataset.wallet;
      for (const other of walletButtons) other.setAttribute('aria-pressed', String(other.dataset.wallet === wallet));
      document.getElementById('card-fields').hidden = wallet !== null;
      walletNote.textContent = wallet ? button.dataset.chosen : '';
    });
  }
  window.addEventListener('message', async (event) => {
    if (event.origin !== parentOrigin || !event.data || event.data.source !== 'apobote-shop' || event.data.type !== 'confirm') return;
    error.textContent = '';
    if (wallet) {
      // The device's payment sheet would ask for Face ID or the PIN here; the demo authorises at once.
      try {
        const response = await fetch('${DEMO_PSP_PATH}/v1/payment_intents/' + encodeURIComponent(event.data.intentId) + '/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: event.data.clientSecret, type: wallet, lang: document.documentElement.lang }) });
        const answer = await response.json();
        say({ type: 'result', status: answer.status, redirectUrl: answer.redirect_url, error: answer.error });
      } catch (e) {
        say({ type: 'result', status: 'requires_payment_method', redirectUrl: null, error: 'PAYMENT_UNAVAILABLE' });
      }
      return;
    }
    if (!luhn(form.number.value)) {
      checkNumber();
      form.number.setAttribute('aria-invalid', 'true');
      error.textContent = form.dataset.invalid;
      say({ type: 'result', status: 'requires_payment_method', redirectUrl: null, error: 'CARD_INVALID' });
      return;
    }
    const body = { client_secret: event.data.clientSecret, type: 'card', number: form.number.value, expiry: form.expiry.value, cvc: form.cvc.value, lang: document.documentElement.lang };
    try {
      const response = await fetch('${DEMO_PSP_PATH}/v1/payment_intents/' + encodeURIComponent(event.data.intentId) + '/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = await response.json();
      say({ type: 'result', status: answer.status, redirectUrl: answer.redirect_url, error: answer.error });
    } catch (e) {
      say({ type: 'result', status: 'requires_payment_method', redirectUrl: null, error: 'PAYMENT_UNAVAILABLE' });
    }
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  say({ type: 'ready' });
})();`;

/** The SEPA page's script: on the shop's "confirm" message it posts the IBAN to the demo provider only. */
const SEPA_JS = `(() => {
  const form = document.getElementById('fields');
  const error = document.getElementById('error');
  const parentOrigin = location.origin;
  const say = (message) => parent.postMessage(Object.assign({ source: 'apobote-demo-psp' }, message), parentOrigin);
  window.addEventListener('message', async (event) => {
    if (event.origin !== parentOrigin || !event.data || event.data.source !== 'apobote-shop' || event.data.type !== 'confirm') return;
    error.textContent = '';
    const body = { client_secret: event.data.clientSecret, type: 'sepa_debit', iban: form.iban.value, holder: form.holder.value, lang: document.documentElement.lang };
    try {
      const response = await fetch('${DEMO_PSP_PATH}/v1/payment_intents/' + encodeURIComponent(event.data.intentId) + '/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = await response.json();
      if (answer.error === 'IBAN_INVALID') { form.iban.setAttribute('aria-invalid', 'true'); error.textContent = form.dataset.invalid; }
      say({ type: 'result', status: answer.status, redirectUrl: answer.redirect_url, error: answer.error });
    } catch (e) {
      say({ type: 'result', status: 'requires_payment_method', redirectUrl: null, error: 'PAYMENT_UNAVAILABLE' });
    }
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  say({ type: 'ready' });
})();`;

/** Who collects the direct debit (the mandate names them). */
export const DEMO_CREDITOR = 'Apobote GmbH (Gläubiger-ID DE98ZZZ09999999999)';

export interface DemoRoutesOptions {
  provider: () => DemoProvider;
  /** Test helpers (hold and release webhooks) only with TEST_CLOCK / demo tests. */
  testHelpers: boolean;
}

export function demoPspApp(options: DemoRoutesOptions) {
  const app = new Hono().basePath(DEMO_PSP_PATH);

  // The provider's pages may be framed by the shop (hosted fields) and run their own script file.
  app.use('*', async (c, next) => {
    // Webhooks go to the shop's endpoint on the origin the browser used.
    // With the e2e server's request clock, the webhook says the same time as the request that caused it.
    const origin = new URL(c.req.url).origin;
    const testNow = c.req.header('x-test-now') ?? null;
    options.provider().setWebhookSink(async (rawBody, sign) => {
      const at = Math.floor((testNow ? new Date(testNow).getTime() : Date.now()) / 1000);
      const headers: Record<string, string> = { 'content-type': 'application/json', 'stripe-signature': sign(at) };
      if (testNow) headers['x-test-now'] = testNow;
      const response = await fetch(`${origin}/api/v1/payments/webhook`, { method: 'POST', headers, body: rawBody });
      if (!response.ok) throw new Error(`webhook answered ${response.status}`);
    });
    await next();
    c.res.headers.set('Content-Security-Policy', "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'self'; base-uri 'none'; object-src 'none'");
    c.res.headers.set('X-Frame-Options', 'SAMEORIGIN');
    c.res.headers.set('Cache-Control', 'no-store');
  });

  app.get('/elements.js', (c) => c.body(ELEMENTS_JS, 200, { 'content-type': 'text/javascript; charset=utf-8' }));

  app.get('/elements', (c) => {
    const lang = langOf(c.req.query('lang'));
    const t = DEMO_PSP_TEXT[lang];
    const brands: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard' };
    const walletButton = (wallet: 'apple_pay' | 'google_pay') => {
      const name = wallet === 'apple_pay' ? t.applePay : t.googlePay;
      const card = TEST_WALLET_CARDS[wallet];
      const chosen = t.walletChosen.replace('{wallet}', name).replace('{brand}', brands[card.brand] ?? card.brand).replace('{last4}', card.last4);
      return `<button type="button" class="wallet" data-wallet="${wallet}" data-chosen="${escape(chosen)}" aria-pressed="false"><img src="/payment-logos/${wallet === 'apple_pay' ? 'apple-pay' : 'google-pay'}.svg" alt="" width="48" height="30">${name}</button>`;
    };
    // The wallets, as Stripe's Payment Element shows them above the card fields (the checkout asks with ?wallets=1).
    const wallets =
      c.req.query('wallets') === '1'
        ? `<div role="group" aria-label="${t.wallets}" class="wallets">${walletButton('apple_pay')}${walletButton('google_pay')}</div><p id="wallet-chosen" class="hint" role="status"></p><p class="hint">${t.walletDemo}</p>`
        : '<p id="wallet-chosen" hidden></p>';
    const body = `<form id="fields" aria-label="${t.fields}" data-invalid="${escape(t.invalidNumber)}" novalidate>${wallets}
<div id="card-fields"><label for="number">${t.number}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required aria-describedby="error">
<div class="row"><div><label for="expiry">${t.expiry}</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" maxlength="7" required></div>
<div><label for="cvc">${t.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></div></div>
<p class="hint">${t.demo}</p></div><p id="error" class="error" role="alert"></p></form>`;
    return c.html(page(lang, t.fields, `<main>${body}</main>`, 'elements.js'));
  });

  app.get('/sepa.js', (c) => c.body(SEPA_JS, 200, { 'content-type': 'text/javascript; charset=utf-8' }));

  // SEPA direct debit: the IBAN is typed here (the provider's page, an iframe in the checkout) under the mandate text.
  app.get('/sepa', (c) => {
    const lang = langOf(c.req.query('lang'));
    const t = DEMO_PSP_TEXT[lang];
    const body = `<form id="fields" aria-label="${t.sepaFields}" data-invalid="${escape(t.invalidIban)}" novalidate>
<label for="holder">${t.holder}</label><input id="holder" name="holder" autocomplete="name" maxlength="70" required>
<label for="iban">${t.iban}</label><input id="iban" name="iban" autocomplete="off" spellcheck="false" maxlength="42" required aria-describedby="mandate error">
<p id="mandate" class="hint">${escape(t.mandate.replaceAll('{creditor}', DEMO_CREDITOR))}</p>
<p class="hint">${t.sepaDemo}</p><p id="error" class="error" role="alert"></p></form>`;
    return c.html(page(lang, t.sepaFields, `<main>${body}</main>`, 'sepa.js'));
  });

  app.post('/v1/payment_intents/:id/confirm', async (c) => {
    const input = (await c.req.json().catch(() => null)) as { client_secret?: unknown; type?: unknown; number?: unknown; expiry?: unknown; cvc?: unknown; payment_method?: unknown; iban?: unknown; holder?: unknown; lang?: unknown } | null;
    if (!input || typeof input.client_secret !== 'string') return c.json({ error: 'PAYMENT_FAILED', status: 'requires_payment_method', redirect_url: null }, 400);
    const provider = options.provider();
    const id = c.req.param('id');
    const confirm =
      input.type === 'paypal' || input.type === 'klarna'
        ? { type: input.type as 'paypal' | 'klarna' }
        : input.type === 'apple_pay' || input.type === 'google_pay'
          ? { type: 'wallet' as const, wallet: input.type as 'apple_pay' | 'google_pay' }
          : input.type === 'sepa_debit'
          ? { type: 'sepa_debit' as const, iban: String(input.iban ?? ''), holder: String(input.holder ?? '') }
          : input.type === 'saved' && typeof input.payment_method === 'string'
          ? { type: 'saved' as const, paymentMethodId: input.payment_method }
          : { type: 'card' as const, number: String(input.number ?? ''), expiry: String(input.expiry ?? ''), cvc: String(input.cvc ?? '') };
    const answer = await provider.confirm(id, input.client_secret, confirm);
    // The provider's pages speak the customer's language.
    const redirect = answer.redirectUrl ? `${answer.redirectUrl}&lang=${langOf(typeof input.lang === 'string' ? input.lang : undefined)}` : null;
    return c.json({ status: answer.status, redirect_url: redirect, error: answer.error }, 200);
  });

  function decisionPage(kind: 'challenge' | 'paypal' | 'klarna') {
    return async (c: Context) => {
      const lang = langOf(c.req.query('lang'));
      const t = DEMO_PSP_TEXT[lang];
      const intent = await options.provider().intentForPage(c.req.query('intent') ?? '', null);
      const title = kind === 'challenge' ? t.challengeTitle : kind === 'klarna' ? t.klarnaTitle : t.paypalTitle;
      if (!intent || intent.status !== 'requires_action') return c.html(page(lang, title, `<main><h1>${title}</h1><p>${t.gone}</p></main>`), 404);
      const amount = euros(intent.amountCents, lang);
      const text = kind === 'challenge' ? t.challengeText.replace('{amount}', amount) : kind === 'klarna' ? t.klarnaText.replace('{amount}', amount) : t.paypalText.replace('{amount}', amount).replace('{account}', TEST_PAYPAL_ACCOUNT);
      const buttons =
        kind === 'challenge'
          ? `<button name="outcome" value="pass">${t.pass}</button><button name="outcome" value="fail" class="secondary">${t.fail}</button><button name="outcome" value="abandon" class="secondary">${t.abandon}</button>`
          : kind === 'klarna'
            ? `<button name="outcome" value="approve">${t.klarnaApprove}</button><button name="outcome" value="decline" class="secondary">${t.klarnaDecline}</button><button name="outcome" value="cancel" class="secondary">${t.cancel}</button>`
            : `<button name="outcome" value="approve">${t.approve}</button><button name="outcome" value="cancel" class="secondary">${t.cancel}</button>`;
      const body = `<main><h1>${title}</h1><p>${escape(text)}</p><form method="post" action="${DEMO_PSP_PATH}/${kind}"><input type="hidden" name="intent" value="${escape(intent.id)}">${buttons}</form></main>`;
      return c.html(page(lang, title, body));
    };
  }

  app.get('/challenge', decisionPage('challenge'));
  app.get('/paypal', decisionPage('paypal'));
  app.get('/klarna', decisionPage('klarna'));

  async function decide(kind: 'challenge' | 'paypal' | 'klarna', form: Record<string, string | File>) {
    const intentId = String(form.intent ?? '');
    const outcome = String(form.outcome ?? '');
    const provider = options.provider();
    const done =
      kind === 'challenge'
        ? await provider.completeChallenge(intentId, outcome === 'pass' ? 'pass' : outcome === 'fail' ? 'fail' : 'abandon')
        : kind === 'klarna'
          ? await provider.completeKlarna(intentId, outcome === 'approve' ? 'approve' : outcome === 'decline' ? 'decline' : 'cancel')
          : await provider.completePaypal(intentId, outcome === 'approve' ? 'approve' : 'cancel');
    if (!done.returnUrl) return null;
    // As Stripe does: back to the shop with the intent id and whether the redirect succeeded.
    const back = new URL(done.returnUrl, 'http://return.invalid');
    back.searchParams.set('payment_intent', intentId);
    back.searchParams.set('redirect_status', done.status === 'requires_capture' || done.status === 'succeeded' ? 'succeeded' : 'failed');
    return `${back.pathname}${back.search}`;
  }

  app.post('/challenge', async (c) => {
    const target = await decide('challenge', await c.req.parseBody());
    return target ? c.redirect(target, 303) : c.text('gone', 404);
  });
  app.post('/paypal', async (c) => {
    const target = await decide('paypal', await c.req.parseBody());
    return target ? c.redirect(target, 303) : c.text('gone', 404);
  });
  app.post('/klarna', async (c) => {
    const target = await decide('klarna', await c.req.parseBody());
    return target ? c.redirect(target, 303) : c.text('gone', 404);
  });

  if (options.testHelpers) {
    app.post('/v1/test_helpers/webhooks', async (c) => {
      const input = (await c.req.json().catch(() => ({}))) as { hold?: boolean; release?: boolean; reverse?: boolean; duplicate?: boolean };
      const provider = options.provider();
      if (typeof input.hold === 'boolean') provider.holdWebhooks(input.hold);
      const released = input.release ? await provider.releaseWebhooks({ reverse: input.reverse === true, duplicate: input.duplicate === true }) : 0;
      return c.json({ released }, 200);
    });
    // The bank answers the SEPA debits started so far (the failing test IBAN's fail, as days later).
    app.post('/v1/test_helpers/sepa_settle', async (c) => c.json({ failed: await options.provider().settleDebits() }, 200));
  }

  return app;
}
