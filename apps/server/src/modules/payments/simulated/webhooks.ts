/**
 * How the simulated provider sends its events, as Stripe does: each delivery signed at the moment it
 * is sent (`t=…,v1=…` over the raw body, one `v1` per webhook secret of the organisation), posted to
 * the application's webhook address, and tried again with a doubling wait until it is answered
 * 2xx or the attempts run out. For tests, deliveries may be held instead of sent (`hold()`), then
 * delivered by the test as it likes: once or several times, in any order, late, or never.
 */
import type { Clock } from '../../../lib/clock.ts';
import { signatureHeader } from '../signature.ts';
import type { SimulatedEvent } from './events.ts';

export const SIMULATED_SIGNATURE_HEADER = 'simulated-signature';

/** Posts a webhook's raw body with its headers to the application; answers the HTTP status. */
export type WebhookTransport = (raw: string, headers: Record<string, string>) => Promise<number>;

export interface WebhookOptions {
  /** The first retry's wait; each next one doubles. */
  backoffMs: number;
  /** Attempts in all (the first and the retries). */
  maxAttempts: number;
}

export class SimulatedWebhooks {
  transport: WebhookTransport | null = null;
  readonly options: WebhookOptions = { backoffMs: 1000, maxAttempts: 10 };
  /** The last thousand attempts, for tests: the event, its number, when it was made (the process's own time) and the answer. */
  readonly attempts: { eventId: string; attempt: number; at: number; status: number | null }[] = [];
  private holding = false;
  private held: SimulatedEvent[] = [];
  private timers = new Map<NodeJS.Timeout, () => void>();
  private inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly secretsOf: (organisationId: string) => Promise<string[]>,
    private readonly clock: Clock,
  ) {}

  /** Sends the event (with retries), or holds it while holding. */
  dispatch(event: SimulatedEvent): void {
    if (this.holding) {
      this.held.push(event);
      return;
    }
    this.track(this.attempt(event, 1));
  }

  /** From now on, events are held for the test to deliver (`takeHeld`, `deliverOnce`). */
  hold(): void {
    this.holding = true;
  }

  /** Events are sent again as they come (those held stay with the test). */
  release(): void {
    this.holding = false;
  }

  /** Events held so far, in the order they were sent, and forgets them. */
  takeHeld(): SimulatedEvent[] {
    return this.held.splice(0);
  }

  /** One delivery of the event, signed now; answers the application's HTTP status. */
  async deliverOnce(event: SimulatedEvent): Promise<number> {
    if (!this.transport) throw new Error('the simulated provider has no webhook address yet');
    const secrets = await this.secretsOf(event.organisationId);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    return this.transport(event.body, {
      'content-type': 'application/json; charset=utf-8',
      [SIMULATED_SIGNATURE_HEADER]: signatureHeader(secrets, timestamp, event.body),
    });
  }

  /** Resolves once no delivery is under way or waiting for its retry. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve();
    }
    this.timers.clear();
  }

  private track(work: Promise<void>) {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async attempt(event: SimulatedEvent, n: number): Promise<void> {
    let status: number | null = null;
    try {
      status = await this.deliverOnce(event);
    } catch {
      status = null;
    }
    this.attempts.push({ eventId: event.id, attempt: n, at: performance.now(), status });
    if (this.attempts.length > 1000) this.attempts.splice(0, this.attempts.length - 1000);
    if ((status !== null && status >= 200 && status < 300) || this.closed || n >= this.options.maxAttempts) return;
    const wait = this.options.backoffMs * 2 ** (n - 1);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, wait);
      timer.unref();
      this.timers.set(timer, resolve);
    });
    if (!this.closed) await this.attempt(event, n + 1);
  }
}
