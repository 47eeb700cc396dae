/**
 * The question a sensitive act asks first (step-up): a fresh code of the admin's authenticator app or, without the
 * phone, one of their recovery codes (each works once). Mounted once per admin area; the HTTP client opens it when
 * the server answers `step_up_required`, and sends the act again once the code is accepted (lib/step-up.ts). A wrong
 * code is said beside the field; a locked second step says until when.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { adminStepUp } from '#contract/accounts.js';
import { api, serverMessageOf } from '../../../lib/http';
import { setStepUpPrompt } from '../../../lib/step-up';
import { Button, TextButton } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import { formText } from './form-text';

type Answer = { code: string } | { recoveryCode: string };
const giveCode = (body: Answer) => api('POST /api/auth/admin/step-up', adminStepUp.answer, { body });

export function StepUpDialog() {
  const [open, setOpen] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const settle = useRef<((accepted: boolean) => void) | null>(null);
  const stepUp = useMutation({ mutationFn: giveCode });

  const { reset } = stepUp;
  useEffect(
    () =>
      setStepUpPrompt(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            reset();
            setUseRecovery(false);
            setOpen(true);
          }),
      ),
    [reset],
  );

  const finish = (accepted: boolean) => {
    setOpen(false);
    settle.current?.(accepted);
    settle.current = null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const answer = useRecovery ? { recoveryCode: formText(form, 'recoveryCode') } : { code: formText(form, 'code').replace(/\s/g, '') };
    stepUp.mutate(answer, { onSuccess: () => finish(true) });
  };

  const switchTo = (recovery: boolean) => {
    stepUp.reset();
    setUseRecovery(recovery);
  };

  const error = stepUp.error ? (serverMessageOf(stepUp.error) ?? 'That did not work. Please try again.') : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && finish(false)}
      title="Confirm it’s you"
      description={
        useRecovery
          ? 'Enter one of the recovery codes you saved: it works once. After it, you will not be asked again for 5 minutes.'
          : 'This asks for a fresh code from your authenticator app. After it, you will not be asked again for 5 minutes.'
      }
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid="step-up-form">
        {useRecovery ? (
          <TextField
            key="recovery"
            label="Recovery code"
            name="recoveryCode"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            placeholder="abcde-12345"
            className="[&_input]:font-mono"
            error={error}
            focusOnMount
            required
          />
        ) : (
          <TextField
            key="code"
            label="Authenticator code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={7}
            placeholder="123456"
            error={error}
            focusOnMount
            required
          />
        )}
        <TextButton className="text-sm" onClick={() => switchTo(!useRecovery)} disabled={stepUp.isPending}>
          {useRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </TextButton>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => finish(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={stepUp.isPending}>
            {stepUp.isPending ? 'Checking…' : 'Confirm'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
