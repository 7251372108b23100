/** A form taken to completion through the calls a person makes: sent, opened from its mailed link, signed. */
import { expect } from 'vitest';
import type { Json, TestServer } from './test-server.js';

/** A two-by-two PNG, as a drawn signature arrives. */
export const drawnSignature = `data:image/png;base64,${'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGMQkYv6D8IMMAYAMaQGLaMXUOwAAAAASUVORK5CYII='}`;

export interface CompletedForm {
  id: number;
  /** The signer's page id and token, from the mailed link. */
  pageId: string;
  token: string;
}

/** A Risk Assessment sent to one person and signed by them through the mailed link (`sending`: more of what it is sent with, e.g. its language). */
export async function completedRiskAssessment(server: TestServer, sending: Record<string, unknown> = {}): Promise<CompletedForm> {
  const token = (await server.signIn('demo.admin')).token;
  const templates = await server.call('/getforms', { token, body: { functions: 'list', filters: { search: 'Risk Assessment' } } });
  const template = templates.body.data[0] as Json;
  const sent = await server.call('/send-form', {
    token,
    body: { template: template.id, recipients: [{ name: 'Zoë Ashford', email: 'zoe.ashford@mail.example' }], message: 'Please assess.', ...sending },
  });
  expect(sent.body.code).toBe(1);
  const mail = server.mail.filter((message) => message.to === 'zoe.ashford@mail.example').at(-1);
  const [, pageId = '', link = ''] = /\/web-signing\/([\w-]+)\?token=([\w-]+)/.exec(mail?.text ?? '') ?? [];
  expect((await server.call('/websigning', { body: { function: 'load', id: pageId, token: link }, ip: '198.51.100.23' })).body.error).toBe('');
  const signed = await server.call('/websigning', {
    body: {
      function: 'submit',
      consent: true,
      id: pageId,
      token: link,
      values: { hazard: 'Wet floor by the kitchen', site: 'Elm Court', likelihood: 'Likely', score: 12 },
      signature: { kind: 'drawn', value: drawnSignature },
    },
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 Safari/604.1' },
    ip: '198.51.100.23',
  });
  expect(signed.body.data).toMatchObject({ status: 'signed', completed: true });
  return { id: sent.body.id as number, pageId, token: link };
}
