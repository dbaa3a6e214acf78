/**
 * A small local server speaking the part of Stripe's REST API the Stripe adapter uses, for tests and
 * the bench (never the internet): Checkout Sessions (create with an idempotency key, retrieve with
 * `expand[]=payment_intent`, list by `created[gte]`, expire), payment intents inside them, and
 * refunds. Bodies come form-encoded as Stripe takes them (`a[b][0][c]=v`); answers are Stripe-shaped
 * JSON, errors too (`{error: {type, code, message, param}}` with Stripe's statuses). Its events are
 * signed with the Stripe scheme (`t=…,v1=…` for each of the account's webhook secrets) and posted
 * to the application. The test plays the member on the hosted page (`pay`), lets Stripe's time pass
 * (`tick`: money settling, sessions expiring) and may hold events to deliver them as it likes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signatureHeader } from '../modules/payments/index.ts';

type Json = Record<string, unknown>;
export type StripeOutcome = 'success' | 'decline' | 'action' | 'pending' | 'cancel';

/** Posts a webhook's raw body with its headers to the application; answers the HTTP status. */
export type StripeWebhookTransport = (raw: string, headers: Record<string, string>) => Promise<number>;

export interface StripeEventToSend {
  id: string;
  apiKey: string;
  body: string;
}

interface Session extends Json {
  id: string;
  created: number;
  expires_at: number;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  client_reference_id: string | null;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
}

interface Intent extends Json {
  id: string;
  status: 'requires_action' | 'processing' | 'succeeded' | 'requires_payment_method';
  amount: number;
  amount_received: number;
  currency: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
}

/** The time a "settles later" payment takes, as the simulated provider's. */
export const STRIPE_SETTLE_MS = 2 * 60_000;
const DECLINED = 'Your card was declined.';

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** `a[b][0][c]=v&…` as Stripe reads it: nested objects, arrays for numeric keys and `[]`. */
export function parseForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Json = root;
    for (let i = 0; i < parts.length - 1; i += 1) {
      const part = parts[i]!;
      const nextIsIndex = /^\d*$/.test(parts[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Json;
    }
    const last = parts[parts.length - 1]!;
    if (Array.isArray(node) && last === '') (node as unknown[]).push(value);
    else node[last] = value;
  }
  return root;
}

export interface StripeServer {
  url: string;
  /** Where events go; unset, they are kept (as held). */
  transport: StripeWebhookTransport | null;
  /** A Stripe account: its API key and the webhook secrets it signs with (newest first). */
  addAccount(apiKey: string, webhookSecrets: string[]): void;
  setWebhookSecrets(apiKey: string, webhookSecrets: string[]): void;
  /** The member on the hosted page of `sessionId` (its id, or its checkout address). */
  pay(session: string, outcome: StripeOutcome): Promise<void>;
  /** Stripe's time passes (on the clock given): money settles, sessions expire; answers how many events it sent. */
  tick(): Promise<number>;
  /** From now on events are held for the test (`takeHeld`, `deliverOnce`). */
  hold(): void;
  /** Events are sent as they come again (those held stay held). */
  release(): void;
  takeHeld(): StripeEventToSend[];
  deliverOnce(event: StripeEventToSend): Promise<number>;
  /** Resolves once every event sent has had its answer. */
  idle(): Promise<void>;
  /** For tests: the next `calls` API requests are not answered (503). */
  outage: { calls: number } | null;
  /** How many API requests came, by `METHOD path`. */
  readonly requests: Map<string, number>;
  sessions: Map<string, Session>;
  close(): Promise<void>;
}

export async function startStripeServer(opts: { now: () => Date }): Promise<StripeServer> {
  const accounts = new Map<string, string[]>();
  const sessions = new Map<string, Session>();
  const intents = new Map<string, Intent>();
  const refunds = new Map<string, Json>();
  const owner = new Map<string, string>(); // object id → api key
  const idempotent = new Map<string, { status: number; body: string; request: string }>();
  const settleAt = new Map<string, number>();
  const requests = new Map<string, number>();
  const held: StripeEventToSend[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let holding = false;
  let eventSeq = 0;

  const nowSeconds = () => Math.floor(opts.now().getTime() / 1000);
  const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

  function sessionView(s: Session, expand: string[]): Json {
    const intent = s.payment_intent ? intents.get(s.payment_intent) : undefined;
    return {
      ...s,
      object: 'checkout.session',
      url: `${stripe.url}/c/pay/${s.id}`,
      payment_intent:
        expand.includes('payment_intent') && intent ? { object: 'payment_intent', ...intent } : s.payment_intent,
    };
  }

  function emit(apiKey: string, type: string, object: Json) {
    eventSeq += 1;
    const event = {
      id: `evt_test_${String(eventSeq).padStart(6, '0')}${randomBytes(6).toString('hex')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
    };
    const toSend = { id: event.id, apiKey, body: JSON.stringify(event) };
    if (holding || !stripe.transport) held.push(toSend);
    else {
      const work = stripe.deliverOnce(toSend).catch(() => 0);
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    }
  }

  const mine = <T extends Json>(map: Map<string, T>, key: string, objectId: string, kind: string): T => {
    const found = map.get(objectId);
    if (!found || owner.get(objectId) !== key) {
      throw new StripeError(404, 'invalid_request_error', `No such ${kind}: '${objectId}'`, 'resource_missing', 'id');
    }
    return found;
  };

  function createSession(key: string, p: Json): Session {
    const item = (p.line_items as Json[] | undefined)?.[0];
    const price = item?.price_data as Json | undefined;
    const amount = Number(price?.unit_amount);
    const quantity = Number(item?.quantity ?? 1);
    if (p.mode !== 'payment')
      throw new StripeError(400, 'invalid_request_error', 'Invalid mode', 'parameter_invalid_empty', 'mode');
    if (!price || !Number.isInteger(amount) || amount < 1)
      throw new StripeError(
        400,
        'invalid_request_error',
        'Invalid integer',
        'parameter_invalid_integer',
        'line_items[0][price_data][unit_amount]',
      );
    if (!p.success_url)
      throw new StripeError(
        400,
        'invalid_request_error',
        'Missing required param: success_url.',
        'parameter_missing',
        'success_url',
      );
    const created = nowSeconds();
    const expiresAt = p.expires_at === undefined ? created + 24 * 3600 : Number(p.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
      throw new StripeError(
        400,
        'invalid_request_error',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'parameter_invalid_integer',
        'expires_at',
      );
    }
    const session: Session = {
      id: id('cs'),
      created,
      expires_at: expiresAt,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      client_reference_id: (p.client_reference_id as string | undefined) ?? null,
      amount_total: amount * quantity,
      currency: String(price.currency).toLowerCase(),
      metadata: (p.metadata as Record<string, string> | undefined) ?? {},
      mode: 'payment',
      success_url: p.success_url,
      cancel_url: p.cancel_url ?? null,
      livemode: false,
    };
    const intentData = (p.payment_intent_data as Json | undefined) ?? {};
    sessions.set(session.id, session);
    owner.set(session.id, key);
    (session as Json)._intentMetadata = intentData.metadata ?? {};
    return session;
  }

  const publicSession = (s: Session): Session => {
    const { _intentMetadata: _, ...rest } = s as Json;
    return rest as Session;
  };

  function intentOf(s: Session, status: Intent['status']): Intent {
    let intent = s.payment_intent ? intents.get(s.payment_intent) : undefined;
    if (!intent) {
      intent = {
        id: id('pi'),
        object: 'payment_intent',
        status,
        amount: s.amount_total,
        amount_received: 0,
        currency: s.currency,
        metadata: ((s as Json)._intentMetadata as Record<string, string>) ?? {},
        last_payment_error: null,
      };
      intents.set(intent.id, intent);
      owner.set(intent.id, owner.get(s.id)!);
      s.payment_intent = intent.id;
    }
    intent.status = status;
    if (status === 'succeeded') intent.amount_received = intent.amount;
    return intent;
  }

  function createRefund(key: string, p: Json): Json {
    const intentId = String(p.payment_intent ?? '');
    const intent = mine(intents, key, intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      throw new StripeError(
        400,
        'invalid_request_error',
        `PaymentIntent ${intentId} has not succeeded.`,
        'charge_not_refundable',
        'payment_intent',
      );
    }
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === intentId && r.status !== 'failed')
      .reduce((n, r) => n + Number(r.amount), 0);
    const amount = p.amount === undefined ? intent.amount_received - refunded : Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > intent.amount_received - refunded) {
      throw new StripeError(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount_received - refunded})`,
        'amount_too_large',
        'amount',
      );
    }
    const refund: Json = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      status: 'succeeded',
      created: nowSeconds(),
      metadata: (p.metadata as Json | undefined) ?? {},
    };
    refunds.set(refund.id as string, refund);
    owner.set(refund.id as string, key);
    emit(key, 'refund.created', refund);
    return refund;
  }

  async function route(method: string, path: string, key: string, query: URLSearchParams, p: Json): Promise<Json> {
    const expand = [...query.getAll('expand[]'), ...((p.expand as string[] | undefined) ?? [])];
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/v1/checkout/sessions')
      return sessionView(publicSession(createSession(key, p)), expand);
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const gte = query.get('created[gte]');
      const limit = Math.min(100, Number(query.get('limit') ?? 10));
      const after = query.get('starting_after');
      let list = [...sessions.values()]
        .filter((s) => owner.get(s.id) === key && (gte === null || s.created >= Number(gte)))
        .sort((a, b) => b.created - a.created);
      if (after) list = list.slice(list.findIndex((s) => s.id === after) + 1);
      return {
        object: 'list',
        url: '/v1/checkout/sessions',
        has_more: list.length > limit,
        data: list.slice(0, limit).map((s) => sessionView(publicSession(s), [])),
      };
    }
    if (one && method === 'GET') {
      return sessionView(publicSession(mine(sessions, key, one[1]!, 'checkout.session')), expand);
    }
    if (expiring && method === 'POST') {
      const s = mine(sessions, key, expiring[1]!, 'checkout.session');
      if (s.status !== 'open') {
        throw new StripeError(
          400,
          'invalid_request_error',
          'Only Checkout Sessions with a status in ["open"] can be expired.',
          'checkout_session_not_open',
        );
      }
      s.status = 'expired';
      emit(key, 'checkout.session.expired', sessionView(publicSession(s), []));
      return sessionView(publicSession(s), expand);
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(key, p);
    if (refund && method === 'GET') return mine(refunds, key, refund[1]!, 'refund');
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const send = (status: number, json: Json, extra: Record<string, string> = {}) => {
      const text = JSON.stringify(json);
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(7).toString('hex')}`,
        ...extra,
      });
      res.end(text);
      return text;
    };
    const label = `${req.method} ${url.pathname.replace(/\/(cs|pi|re)_test_[0-9a-f]+/g, '/:id')}`;
    requests.set(label, (requests.get(label) ?? 0) + 1);
    if (stripe.outage && stripe.outage.calls > 0) {
      stripe.outage.calls -= 1;
      if (stripe.outage.calls === 0) stripe.outage = null;
      send(503, { error: { type: 'api_error', message: 'Stripe is unavailable (test outage).' } });
      return;
    }
    const auth = req.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
    if (!accounts.has(key)) {
      send(401, {
        error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}****` },
      });
      return;
    }
    const idempotencyKey = req.headers['idempotency-key'];
    const memo = typeof idempotencyKey === 'string' && req.method === 'POST' ? `${key}:${idempotencyKey}` : null;
    const fingerprint = createHash('sha256').update(`${url.pathname}\n${body}`).digest('hex');
    if (memo) {
      const known = idempotent.get(memo);
      if (known) {
        if (known.request !== fingerprint) {
          send(400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
          return;
        }
        res.writeHead(known.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        res.end(known.body);
        return;
      }
    }
    try {
      const answer = await route(req.method ?? 'GET', url.pathname, key, url.searchParams, parseForm(body));
      const text = send(200, answer);
      if (memo) idempotent.set(memo, { status: 200, body: text, request: fingerprint });
    } catch (err) {
      if (!(err instanceof StripeError)) {
        send(500, { error: { type: 'api_error', message: String(err) } });
        return;
      }
      const text = send(err.status, {
        error: {
          type: err.type,
          message: err.message,
          ...(err.code ? { code: err.code } : {}),
          ...(err.param ? { param: err.param } : {}),
        },
      });
      if (memo && err.status < 500) idempotent.set(memo, { status: err.status, body: text, request: fingerprint });
    }
  }

  const http: Server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  const sessionOf = (ref: string) => {
    const sid = ref.split('/').pop()!;
    const s = sessions.get(sid);
    if (!s) throw new Error(`no session ${sid}`);
    return s;
  };

  const stripe: StripeServer & { url: string } = {
    url: `http://127.0.0.1:${port}`,
    transport: null,
    outage: null,
    requests,
    sessions,
    addAccount(apiKey, webhookSecrets) {
      accounts.set(apiKey, webhookSecrets);
    },
    setWebhookSecrets(apiKey, webhookSecrets) {
      accounts.set(apiKey, webhookSecrets);
    },
    async pay(ref, outcome) {
      const s = sessionOf(ref);
      const key = owner.get(s.id)!;
      const view = () => sessionView(publicSession(s), []);
      if (s.status === 'open' && nowSeconds() >= s.expires_at) {
        s.status = 'expired';
        emit(key, 'checkout.session.expired', view());
        return;
      }
      if (s.status !== 'open') return;
      switch (outcome) {
        case 'success': {
          intentOf(s, 'succeeded');
          s.status = 'complete';
          s.payment_status = 'paid';
          emit(key, 'checkout.session.completed', view());
          return;
        }
        case 'decline': {
          // A delayed method's debit that fails: the session completes unpaid, then the failure.
          const intent = intentOf(s, 'requires_payment_method');
          intent.last_payment_error = { message: DECLINED };
          s.status = 'complete';
          emit(key, 'checkout.session.async_payment_failed', view());
          return;
        }
        case 'action': {
          intentOf(s, 'requires_action');
          return;
        }
        case 'pending': {
          intentOf(s, 'processing');
          s.status = 'complete';
          settleAt.set(s.id, opts.now().getTime() + STRIPE_SETTLE_MS);
          emit(key, 'checkout.session.completed', view());
          return;
        }
        case 'cancel': {
          // The member leaves through the cancel address; the session is expired for them.
          s.status = 'expired';
          emit(key, 'checkout.session.expired', view());
          return;
        }
      }
    },
    async tick() {
      let sent = 0;
      const now = opts.now().getTime();
      for (const s of sessions.values()) {
        const key = owner.get(s.id)!;
        const due = settleAt.get(s.id);
        if (due !== undefined && due <= now) {
          settleAt.delete(s.id);
          intentOf(s, 'succeeded');
          s.payment_status = 'paid';
          emit(key, 'checkout.session.async_payment_succeeded', sessionView(publicSession(s), []));
          sent += 1;
        } else if (s.status === 'open' && s.expires_at * 1000 <= now) {
          s.status = 'expired';
          emit(key, 'checkout.session.expired', sessionView(publicSession(s), []));
          sent += 1;
        }
      }
      return sent;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
    },
    takeHeld() {
      return held.splice(0);
    },
    async deliverOnce(event) {
      if (!stripe.transport) throw new Error('the Stripe server has no webhook address');
      const secrets = accounts.get(event.apiKey) ?? [];
      return stripe.transport(event.body, {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureHeader(secrets, nowSeconds(), event.body),
      });
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
  return stripe;
}
