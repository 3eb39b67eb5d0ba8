import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local server playing Stripe's API for exactly the calls the Stripe adapter makes, with
 * objects shaped as Stripe's (only the fields that matter here). Records every request.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
};

type Json = Record<string, unknown>;
type Card = {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** Saved, but every charge is refused (Stripe's tok_chargeCustomerFail). */
  failsCharges?: true;
};

const CARDS: Record<string, Card | 'declined'> = {
  tok_visa: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 },
  tok_mastercard: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2030 },
  tok_chargeDeclined: 'declined',
  tok_chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    exp_month: 5,
    exp_year: 2032,
    failsCharges: true,
  },
};

const DECLINE = {
  error: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
};

export type FakeStripe = {
  url: string;
  requests: RecordedRequest[];
  /** The period (unix seconds) the next subscription (or re-read) reports. */
  period: { start: number; end: number };
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  /** A renewal invoice for a subscription, as Stripe makes at the end of each period. */
  renew: (subscriptionId: string, period: { start: number; end: number }, amount: number) => string;
  /** A renewal invoice the card refused. */
  failRenewal: (subscriptionId: string, amount: number) => string;
  /** Stripe ends the subscription (at its period end, or at once from the dashboard). */
  end: (subscriptionId: string, endedAt: number) => void;
  close: () => Promise<void>;
};

const unixOf = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

export async function startFakeStripe(firstPeriod: { start: string; end: string }) {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const methods = new Map<string, { card: Card | 'declined'; customer: string | null }>();
  let counter = 0;
  const next = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;

  const paymentMethod = (id: string, card: Card, customer: string | null): Json => ({
    id,
    object: 'payment_method',
    type: 'card',
    customer,
    livemode: false,
    card: { ...card, country: 'US', funding: 'credit' },
  });
  const invoice = (
    subscriptionId: string,
    customer: string,
    amount: number,
    reason: string,
    paid = true,
  ) => {
    const id = next('in');
    const value: Json = {
      id,
      object: 'invoice',
      customer,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      billing_reason: reason,
      last_finalization_error: null,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId, metadata: {} },
      },
    };
    invoices.set(id, value);
    return value;
  };
  const withPeriod = (subscription: Json, period: { start: number; end: number }) => ({
    ...subscription,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${String(subscription.id)}`,
          object: 'subscription_item',
          current_period_start: period.start,
          current_period_end: period.end,
        },
      ],
    },
  });

  const answer = (request: RecordedRequest): [number, Json] => {
    const { method, path, form } = request;
    const parts = path.split('/').filter(Boolean); // ['v1', resource, id?, action?]
    const [, resource, id, action] = parts;
    if (method === 'POST' && resource === 'customers' && !id) {
      return [200, { id: next('cus'), object: 'customer', email: form.email, name: form.name }];
    }
    if (method === 'POST' && resource === 'customers' && id) {
      return [
        200,
        {
          id,
          object: 'customer',
          invoice_settings: {
            default_payment_method: form['invoice_settings[default_payment_method]'],
          },
        },
      ];
    }
    if (method === 'POST' && resource === 'payment_methods' && !id) {
      const card = CARDS[form['card[token]'] ?? ''];
      if (!card)
        return [400, { error: { type: 'invalid_request_error', message: 'No such token' } }];
      const pm = next('pm');
      methods.set(pm, { card, customer: null });
      const shown =
        card === 'declined' ? { brand: 'visa', last4: '0002', exp_month: 1, exp_year: 2032 } : card;
      return [200, paymentMethod(pm, shown, null)];
    }
    if (method === 'POST' && resource === 'payment_methods' && id && action === 'attach') {
      const pm = methods.get(id);
      if (!pm)
        return [
          404,
          { error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${id}'` } },
        ];
      // Stripe checks the card with its bank when it is attached.
      if (pm.card === 'declined') return [402, DECLINE];
      pm.customer = form.customer ?? null;
      return [200, paymentMethod(id, pm.card, pm.customer)];
    }
    if (method === 'POST' && resource === 'prices') {
      return [
        200,
        {
          id: next('price'),
          object: 'price',
          unit_amount: Number(form.unit_amount),
          currency: form.currency,
          recurring: { interval: form['recurring[interval]'] },
        },
      ];
    }
    const failsCharges = (pm: string | undefined) => {
      const card = methods.get(pm ?? '')?.card;
      return card === 'declined' || card?.failsCharges === true;
    };
    if (method === 'POST' && resource === 'payment_intents' && !id) {
      if (failsCharges(form.payment_method)) return [402, DECLINE];
      return [
        200,
        {
          id: next('pi'),
          object: 'payment_intent',
          status: 'succeeded',
          amount: Number(form.amount),
          amount_received: Number(form.amount),
          currency: form.currency,
          customer: form.customer,
          payment_method: form.payment_method,
        },
      ];
    }
    if (method === 'POST' && resource === 'subscriptions' && !id) {
      if (failsCharges(form.default_payment_method)) return [402, DECLINE];
      const subscriptionId = next('sub');
      const customer = form.customer ?? '';
      const first = invoice(subscriptionId, customer, 1499, 'subscription_create');
      const subscription = withPeriod(
        {
          id: subscriptionId,
          object: 'subscription',
          customer,
          status: 'active',
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
        },
        fake.period,
      );
      subscriptions.set(subscriptionId, subscription);
      return [200, { ...subscription, latest_invoice: first }];
    }
    if (method === 'POST' && resource === 'subscriptions' && id && subscriptions.has(id)) {
      const updated = {
        ...subscriptions.get(id),
        cancel_at_period_end: form.cancel_at_period_end === 'true',
      };
      subscriptions.set(id, updated);
      return [200, updated];
    }
    if (method === 'GET' && resource === 'subscriptions' && id && subscriptions.has(id)) {
      return [200, { ...subscriptions.get(id), latest_invoice: null }];
    }
    if (method === 'GET' && resource === 'invoices' && id && invoices.has(id)) {
      return [200, invoices.get(id) ?? {}];
    }
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    ];
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const key = req.headers['idempotency-key'];
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      };
      requests.push(recorded);
      const [status, body] = answer(recorded);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Stripe is not listening');
  const { port } = address;

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    requests,
    period: { start: unixOf(firstPeriod.start), end: unixOf(firstPeriod.end) },
    subscriptions,
    invoices,
    renew(subscriptionId, period, amount) {
      const current = subscriptions.get(subscriptionId);
      if (!current) throw new Error(`no fake subscription ${subscriptionId}`);
      subscriptions.set(subscriptionId, withPeriod(current, period));
      const made = invoice(subscriptionId, String(current.customer), amount, 'subscription_cycle');
      return String(made.id);
    },
    failRenewal(subscriptionId, amount) {
      const current = subscriptions.get(subscriptionId);
      if (!current) throw new Error(`no fake subscription ${subscriptionId}`);
      const customer = String(current.customer);
      subscriptions.set(subscriptionId, { ...current, status: 'past_due' });
      return String(invoice(subscriptionId, customer, amount, 'subscription_cycle', false).id);
    },
    end(subscriptionId, endedAt) {
      const current = subscriptions.get(subscriptionId);
      if (!current) throw new Error(`no fake subscription ${subscriptionId}`);
      subscriptions.set(subscriptionId, {
        ...current,
        status: 'canceled',
        canceled_at: endedAt,
        ended_at: endedAt,
      });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
