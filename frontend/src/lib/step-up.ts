/**
 * Step-up: the server answers a sensitive act (a refund, an export, a role change, a switch or drop of a projection,
 * a redrive of every dead letter) with 403 `step_up_required` until the admin gives a fresh code of their
 * authenticator app. The admin areas register the dialog that asks for it; the HTTP client asks through it and sends
 * the request again once the code is accepted. Concurrent refusals share one dialog.
 */

/** Opens the dialog; resolves true once a code was accepted, false when the admin cancelled. */
type Prompt = () => Promise<boolean>;

let prompt: Prompt | null = null;
let asking: Promise<boolean> | null = null;

/** Registers the dialog (one at a time); returns what unregisters it. */
export function setStepUpPrompt(next: Prompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** Asks for a fresh code, or says no at once where no dialog is mounted (a listener's page). */
export function askForStepUp(): Promise<boolean> {
  if (!prompt) return Promise.resolve(false);
  asking ??= prompt().finally(() => {
    asking = null;
  });
  return asking;
}

/** Whether an error answer's text is the server's request for a fresh code. */
export function isStepUpRequired(status: number, text: string): boolean {
  if (status !== 403) return false;
  try {
    return (JSON.parse(text) as { error?: unknown }).error === 'step_up_required';
  } catch {
    // Not JSON: some other refusal.
    return false;
  }
}
