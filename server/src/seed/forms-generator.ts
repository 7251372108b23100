/**
 * Realistic forms in bulk: for the demo organisation, and for `npm run seed -- --forms N`
 * (the benches). Each form is consistent with what the server itself would have made: its
 * recipients' statuses follow from its status, its answers fit its fields, and its audit
 * trail records each step. Rows go in by the thousand, in one transaction per chunk.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database.js';
import {
  auditEvents,
  formRecipients,
  forms,
  type FieldDefinition,
  type FieldValue,
  type FormStatus,
  type RecipientStatus,
  type StepDefinition,
} from '../db/schema.js';
import { initials } from '../modules/forms/references.js';
import { stepOfField, stepsOf } from '../modules/templates/steps.js';

export interface GeneratorTemplate {
  id: number;
  title: string;
  fields: FieldDefinition[];
  steps: StepDefinition[];
  sequential: boolean;
}

export interface GeneratorPerson {
  id: number | null;
  name: string;
  email: string;
}

export interface GenerateOptions {
  companyId: number;
  companyName: string;
  templates: readonly GeneratorTemplate[];
  /** People who send forms (users of the company). */
  senders: readonly GeneratorPerson[];
  /** People forms go to (users and outsiders); approvers are taken from `approvers`. */
  signers: readonly GeneratorPerson[];
  approvers: readonly GeneratorPerson[];
  count: number;
  now: Date;
  /** Spread over this many days before now. */
  days?: number;
  /** Deterministic choices: the same seed gives the same forms. */
  seed?: number;
  /** Rows per insert. */
  chunk?: number;
}

/** A small deterministic random source (mulberry32). */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstNames = [
  'Margaret',
  'Thomas',
  'Priya',
  'Daniel',
  'Aisha',
  'Samuel',
  'Grace',
  'Lucas',
  'Hannah',
  'Mohammed',
  'Isla',
  'Oliver',
  'Zara',
  'Benjamin',
  'Freya',
  'Joseph',
];
const lastNames = [
  'Ellis',
  'Walker',
  'Shah',
  'Murphy',
  'Begum',
  'Green',
  'Okafor',
  'Martin',
  'Lewis',
  'Khan',
  'Robertson',
  'Jones',
  'Ahmed',
  'Hall',
  'Wilson',
  'Ward',
];
const words = [
  'Resident slipped in the lounge; no injury.',
  'Fire door found propped open.',
  'Medication delivered late.',
  'Visitor signed in without badge.',
  'Boiler pressure low; engineer called.',
  'Hoist battery replaced.',
];
const agents = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function valueFor(random: () => number, field: FieldDefinition, at: Date, signer: string): FieldValue {
  switch (field.type) {
    case 'number':
      return Math.round(random() * 400) / 10;
    case 'date':
      return new Date(at.getTime() - Math.floor(random() * 30) * 86_400_000).toISOString().slice(0, 10);
    case 'checkbox':
      return random() > 0.15;
    case 'select':
      return pick(random, field.options ?? ['Yes']);
    case 'email':
      return `${signer.toLowerCase().replace(/[^a-z]+/g, '.')}@mail.example`;
    case 'signature':
      return signer;
    case 'initials':
      return `Initialled by ${signer}`;
    case 'textarea':
      return pick(random, words);
    case 'file':
    case 'stamp':
      return null;
    default:
      return field.name.includes('name') ? signer : (pick(random, words).split(';')[0] ?? '');
  }
}

/** What share of forms ends in each status. */
const statusWeights: readonly [FormStatus, number][] = [
  ['completed', 0.6],
  ['in_progress', 0.12],
  ['sent', 0.1],
  ['awaiting_approval', 0.1],
  ['disapproved', 0.05],
  ['cancelled', 0.03],
];

function statusFor(random: () => number): FormStatus {
  let roll = random();
  for (const [status, weight] of statusWeights) {
    roll -= weight;
    if (roll <= 0) return status;
  }
  return 'completed';
}

/** The recipients' statuses for a form's status (in order): who has acted, who is open. */
function recipientStatuses(status: FormStatus, steps: readonly StepDefinition[], random: () => number): RecipientStatus[] {
  const count = steps.length;
  const done = (step: StepDefinition): RecipientStatus => (step.action === 'approve' ? 'approved' : step.action === 'fill' ? 'filled' : 'signed');
  switch (status) {
    case 'completed':
      return steps.map(done);
    case 'sent':
      return steps.map((_step, index) => (index === 0 ? 'open' : 'waiting'));
    case 'cancelled':
      return steps.map(() => 'cancelled');
    case 'awaiting_approval': {
      const approval = steps.findIndex((step) => step.action === 'approve');
      if (approval < 0) return recipientStatuses('in_progress', steps, random);
      return steps.map((step, index) => (index < approval ? done(step) : index === approval ? 'open' : 'waiting'));
    }
    case 'disapproved': {
      const at = Math.max(
        0,
        steps.findIndex((step) => step.action === 'approve'),
      );
      return steps.map((step, index) => (index < at ? done(step) : index === at ? 'disapproved' : 'cancelled'));
    }
    default: {
      // In progress: some have acted, the next is open (an approval opened this way makes the form await approval).
      const acted = count > 1 ? 1 + Math.floor(random() * (count - 1)) : 0;
      return steps.map((step, index) => (index < acted ? done(step) : index === acted ? 'open' : 'waiting'));
    }
  }
}

export interface Generated {
  forms: number;
  recipients: number;
  events: number;
}

export async function generateForms(db: Database, options: GenerateOptions): Promise<Generated> {
  const random = randomSource(options.seed ?? 42);
  const days = options.days ?? 365;
  const chunk = options.chunk ?? 500;
  const prefix = initials(options.companyName);
  const counters = new Map<number, number>();
  // Oldest first, so that references count up with time.
  const times = Array.from({ length: options.count }, () => options.now.getTime() - Math.floor(random() * days * 86_400_000) - 3_600_000).sort(
    (a, b) => a - b,
  );
  const totals: Generated = { forms: 0, recipients: 0, events: 0 };

  for (let start = 0; start < options.count; start += chunk) {
    const batch = times.slice(start, start + chunk).map((time) => {
      const template = pick(random, options.templates);
      const steps = stepsOf(template.steps);
      const sender = pick(random, options.senders);
      const people = steps.map((step) =>
        step.action === 'approve'
          ? (options.approvers.find((person) => person.id === step.userId) ?? pick(random, options.approvers))
          : pick(random, options.signers),
      );
      const outsider = people[0]?.id === null ? people[0] : null;
      const name = outsider ? outsider.name : `${pick(random, firstNames)} ${pick(random, lastNames)}`;
      let status = statusFor(random);
      if (status === 'awaiting_approval' && !steps.some((step) => step.action === 'approve')) status = 'in_progress';
      const sentAt = new Date(time);
      const statuses = recipientStatuses(status, steps, random);
      // A form whose open place is an approval waits for it, whatever was drawn: its status follows its places.
      if (status === 'in_progress' && steps[statuses.indexOf('open')]?.action === 'approve') status = 'awaiting_approval';
      const actedTimes = statuses.map((_status, index) => new Date(time + (index + 1) * Math.floor(1 + random() * 36) * 3_600_000));
      const lastActed = Math.min(options.now.getTime() - 60_000, (actedTimes.at(-1) ?? sentAt).getTime());
      const year = sentAt.getUTCFullYear();
      const number = (counters.get(year) ?? 0) + 1;
      counters.set(year, number);
      const values: Record<string, FieldValue> = {};
      for (const field of template.fields) {
        const place = stepOfField(field);
        const answered =
          field.step === 0 || (statuses[place - 1] !== undefined && ['signed', 'filled', 'approved'].includes(statuses[place - 1] as string));
        if (answered) values[field.name] = valueFor(random, field, sentAt, people[place - 1]?.name ?? name);
      }
      return {
        template,
        steps,
        sender,
        people,
        name,
        status,
        sentAt,
        statuses,
        actedTimes,
        lastActed,
        reference: `${prefix}-${year}-${String(number).padStart(4, '0')}`,
        values,
      };
    });

    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(forms)
        .values(
          batch.map((form) => ({
            companyId: options.companyId,
            templateId: form.template.id,
            reference: form.reference,
            title: `${form.template.title} - ${form.name}`,
            status: form.status,
            senderId: form.sender.id,
            senderName: form.sender.name,
            message: 'Please fill in and sign.',
            sequential: form.template.sequential,
            fields: form.template.fields,
            values: form.values,
            currentStep: Math.max(1, form.statuses.findIndex((status) => status === 'open') + 1 || form.steps.length),
            steps: form.steps.length,
            createdAt: form.sentAt,
            sentAt: form.sentAt,
            updatedAt: new Date(form.lastActed),
            expiresAt: new Date(form.sentAt.getTime() + 30 * 86_400_000),
            completedAt: form.status === 'completed' ? new Date(form.lastActed) : null,
          })),
        )
        .returning({ id: forms.id });
      const recipients = batch.flatMap((form, index) =>
        form.steps.map((step, place) => {
          const person = form.people[place] as GeneratorPerson;
          const status = form.statuses[place] as RecipientStatus;
          const acted = ['signed', 'filled', 'approved', 'disapproved'].includes(status);
          const formId = inserted[index]?.id as number;
          const pageId = createHash('sha256')
            .update(`${formId}:${place}:${options.seed ?? 42}`)
            .digest('base64url')
            .slice(0, 22);
          return {
            formId,
            companyId: options.companyId,
            order: place + 1,
            action: step.action,
            label: step.label,
            name: person.id === null && place === 0 ? form.name : person.name,
            email: person.email,
            userId: person.id,
            status,
            pageId,
            tokenHash: pageId,
            notifiedAt: status === 'waiting' ? null : form.sentAt,
            openedAt:
              acted || status === 'open' ? new Date(Math.min(form.lastActed, (form.actedTimes[place] ?? form.sentAt).getTime() - 600_000)) : null,
            actedAt: acted ? new Date(Math.min(form.lastActed, (form.actedTimes[place] ?? form.sentAt).getTime())) : null,
            signature: acted && step.action !== 'approve' ? { kind: 'typed' as const, value: person.name } : null,
            comment: status === 'disapproved' ? 'Please correct the dates and send it again.' : '',
            ip: acted ? `203.0.113.${(place * 37 + index) % 250}` : '',
            userAgent: acted ? pick(random, agents) : '',
          };
        }),
      );
      await tx.insert(formRecipients).values(recipients);
      const events = batch.flatMap((form, index) => {
        const formId = inserted[index]?.id as number;
        const list: (typeof auditEvents.$inferInsert)[] = [
          {
            companyId: options.companyId,
            userId: form.sender.id,
            actor: form.sender.name,
            source: 'user',
            event: 'created',
            target: form.reference,
            formId,
            at: form.sentAt,
          },
          {
            companyId: options.companyId,
            userId: form.sender.id,
            actor: form.sender.name,
            source: 'user',
            event: 'sent',
            target: form.reference,
            formId,
            at: form.sentAt,
          },
        ];
        form.steps.forEach((step, place) => {
          const status = form.statuses[place] as RecipientStatus;
          const person = form.people[place] as GeneratorPerson;
          const at = new Date(Math.min(form.lastActed, (form.actedTimes[place] ?? form.sentAt).getTime()));
          const ip = `203.0.113.${(place * 37 + index) % 250}`;
          if (['signed', 'filled', 'approved', 'disapproved'].includes(status)) {
            list.push({
              companyId: options.companyId,
              userId: person.id,
              actor: person.name,
              source: 'user',
              event: 'opened',
              target: form.reference,
              formId,
              ip,
              at: new Date(at.getTime() - 600_000),
            });
            list.push({
              companyId: options.companyId,
              userId: person.id,
              actor: person.name,
              source: 'user',
              event: status === 'approved' ? 'approved' : status === 'disapproved' ? 'disapproved' : 'signed',
              target: form.reference,
              formId,
              ip,
              at,
              details: { order: place + 1 },
            });
          }
        });
        if (form.status === 'completed')
          list.push({
            companyId: options.companyId,
            userId: null,
            actor: '',
            source: 'system',
            event: 'completed',
            target: form.reference,
            formId,
            at: new Date(form.lastActed),
          });
        if (form.status === 'cancelled')
          list.push({
            companyId: options.companyId,
            userId: form.sender.id,
            actor: form.sender.name,
            source: 'user',
            event: 'cancelled',
            target: form.reference,
            formId,
            at: new Date(form.lastActed),
          });
        return list;
      });
      for (let offset = 0; offset < events.length; offset += 2000) await tx.insert(auditEvents).values(events.slice(offset, offset + 2000));
      totals.forms += batch.length;
      totals.recipients += recipients.length;
      totals.events += events.length;
    });
  }
  return totals;
}
