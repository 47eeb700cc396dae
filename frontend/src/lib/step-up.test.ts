/** The HTTP client's step-up: a sensitive act refused for want of a fresh code is sent again once the admin gives one. */
import { afterEach, describe, expect, it } from 'vitest';
import { sendWithStepUp } from './http';
import { askForStepUp, setStepUpPrompt } from './step-up';

const stepUpRequired = () => new Response(JSON.stringify({ error: 'step_up_required', message: 'Enter a fresh code' }), { status: 403 });
const forbidden = () => new Response(JSON.stringify({ error: 'permission_required', message: 'No' }), { status: 403 });
const ok = () => new Response('{}', { status: 200 });

/** A `send` that answers each call with the next of `answers`, counting the calls. */
function server(...answers: (() => Response)[]) {
  const calls = { count: 0 };
  const send = () => Promise.resolve(answers[Math.min(calls.count++, answers.length - 1)]());
  return { send, calls };
}

let unregister = () => {};
afterEach(() => unregister());

describe('step-up in the HTTP client', () => {
  it('asks for a fresh code and sends the act again once it is given', async () => {
    let asked = 0;
    unregister = setStepUpPrompt(() => Promise.resolve(++asked > 0));
    const { send, calls } = server(stepUpRequired, ok);
    expect((await sendWithStepUp(send)).status).toBe(200);
    expect([asked, calls.count]).toEqual([1, 2]);
  });

  it('answers the refusal when the admin cancels, or where no dialog is mounted', async () => {
    const refused = server(stepUpRequired, ok);
    const answer = await sendWithStepUp(refused.send);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: 'step_up_required', message: 'Enter a fresh code' });
    expect(refused.calls.count).toBe(1);

    unregister = setStepUpPrompt(() => Promise.resolve(false));
    const cancelled = server(stepUpRequired, ok);
    expect((await sendWithStepUp(cancelled.send)).status).toBe(403);
    expect(cancelled.calls.count).toBe(1);
  });

  it('does not ask on any other refusal', async () => {
    let asked = 0;
    unregister = setStepUpPrompt(() => Promise.resolve(++asked > 0));
    const { send } = server(forbidden);
    expect(await (await sendWithStepUp(send)).json()).toMatchObject({ error: 'permission_required' });
    expect(asked).toBe(0);
  });

  it('opens one dialog for refusals that arrive together', async () => {
    let asked = 0;
    let accept: (accepted: boolean) => void = () => {};
    unregister = setStepUpPrompt(() => {
      asked++;
      return new Promise<boolean>((resolve) => (accept = resolve));
    });
    const both = Promise.all([askForStepUp(), askForStepUp()]);
    accept(true);
    expect(await both).toEqual([true, true]);
    expect(asked).toBe(1);
  });
});
