/**
 * Looking for the attempts of forms queued to be sent again: while any is watched, the
 * deliveries are read every 2 seconds (one read at a time); a form is settled when a new
 * attempt of it is listed (one made after the delivery sent again), or when it has waited a
 * minute without one. `stop` ends the reads (and cancels one on its way) for good.
 */
import type { Delivery, DeliveryQueued } from '@formsign/sdk';

export interface SettledForm {
  queued: DeliveryQueued;
  /** Its new attempt; none when the minute ran out first. */
  attempt?: Delivery;
}

export interface SendAgainPollingOptions {
  /** The newest deliveries. A read that fails is tried again at the next turn. */
  read(signal: AbortSignal): Promise<readonly Delivery[]>;
  settled(forms: SettledForm[]): void;
  intervalMs?: number;
  /** How long a form is looked for. */
  forMs?: number;
  now?: () => number;
}

export interface SendAgainPolling {
  /** Looks for the form's new attempt (again from now, when it was sent again once more). */
  watch(queued: DeliveryQueued): void;
  stop(): void;
}

/** The newest attempt of the queued form made after the delivery sent again (the rows newest first). */
export function newAttempt(queued: DeliveryQueued, rows: readonly Delivery[]): Delivery | undefined {
  return rows.find((row) => row.form_id === queued.form_id && row.id > queued.delivery);
}

export function sendAgainPolling({ read, settled, intervalMs = 2_000, forMs = 60_000, now = Date.now }: SendAgainPollingOptions): SendAgainPolling {
  const watched = new Map<number, { queued: DeliveryQueued; until: number }>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let reading: AbortController | null = null;
  let stopped = false;

  const schedule = (): void => {
    if (stopped || timer || reading || watched.size === 0) return;
    timer = setTimeout(() => void turn(), intervalMs);
  };

  async function turn(): Promise<void> {
    timer = null;
    const controller = new AbortController();
    reading = controller;
    let rows: readonly Delivery[] = [];
    try {
      rows = await read(controller.signal);
    } catch {
      // Not read this time: looked for again at the next turn, until the minute runs out.
    }
    if (stopped) return;
    reading = null;
    const at = now();
    const done: SettledForm[] = [];
    for (const [form, { queued, until }] of watched) {
      const attempt = newAttempt(queued, rows);
      if (!attempt && at < until) continue;
      watched.delete(form);
      done.push(attempt ? { queued, attempt } : { queued });
    }
    if (done.length) settled(done);
    schedule();
  }

  return {
    watch(queued) {
      if (stopped) return;
      const known = watched.get(queued.form_id);
      if (known?.queued === queued) return;
      watched.set(queued.form_id, { queued, until: now() + forMs });
      schedule();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      reading?.abort();
      reading = null;
      watched.clear();
    },
  };
}
