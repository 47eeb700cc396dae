/**
 * A Lambda as a CloudFormation custom resource: CloudFormation invokes it with a request and waits for the answer at
 * the request's presigned ResponseURL. Used for work a deployment must do once it is in place (prerender.ts).
 */

/** The fields of CloudFormation's request this module reads. */
export interface DeploymentRequest {
  RequestType: 'Create' | 'Update' | 'Delete';
  ResponseURL: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  PhysicalResourceId?: string;
}

export const isDeploymentRequest = (event: unknown): event is DeploymentRequest =>
  typeof event === 'object' && event !== null && 'RequestType' in event && 'ResponseURL' in event;

/**
 * Runs `work` for a creation or an update (a deletion leaves nothing to undo) and tells CloudFormation how it went:
 * always, since a request left unanswered holds the deployment until it times out. A failure fails the deployment.
 */
export async function answerDeployment(request: DeploymentRequest, work: () => Promise<Record<string, string>>): Promise<void> {
  let answer: { Status: 'SUCCESS' | 'FAILED'; Reason?: string; Data?: Record<string, string> } = { Status: 'SUCCESS' };
  if (request.RequestType !== 'Delete') {
    try {
      answer = { Status: 'SUCCESS', Data: await work() };
    } catch (error) {
      answer = { Status: 'FAILED', Reason: error instanceof Error ? error.message : String(error) };
    }
  }
  const body = JSON.stringify({
    ...answer,
    PhysicalResourceId: request.PhysicalResourceId ?? request.LogicalResourceId,
    StackId: request.StackId,
    RequestId: request.RequestId,
    LogicalResourceId: request.LogicalResourceId,
  });
  // Bytes, not a string: the presigned URL is signed for no Content-Type, which fetch would add to a string body.
  const response = await fetch(request.ResponseURL, { method: 'PUT', body: Buffer.from(body) });
  if (!response.ok) throw new Error(`CloudFormation's response URL answered ${response.status}`);
}
